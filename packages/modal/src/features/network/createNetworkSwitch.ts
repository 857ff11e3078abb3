import type { ModalState } from '../../app/modal'
import type { Chains } from '../../chains/createChains'
import { isUserRejection } from '../../chains/isUserRejection'
import type { Network } from '../../chains/types'
import { ConnectionErrorText, KernelError, WalletErrorText } from '../../kernel/errors'
import { currentEntry, reset, returnToPrevious } from '../../kernel/router'
import type { Store } from '../../kernel/store'
import type { Tracker } from '../analytics/createAnalyticsFeature'
import type { Shell } from '../shell/createShell'
import { switchNetworkEntry } from './routes'

export type NetworkSwitchDeps = {
  store: Store<ModalState>
  chains: Chains
  shell: Shell
  /** 'Network Not Found': the network is not one the site configures. */
  networkNotFound: () => Promise<void>
  /** false: the modal never asks the wallet to switch. */
  enabled: boolean
  analytics: Tracker
}

/** Switching networks (docs/behaviour.md#network-switch). */
export function createNetworkSwitch({
  store,
  chains,
  shell,
  networkNotFound,
  enabled,
  analytics,
}: NetworkSwitchDeps) {
  /** A failed network switch returns to the previous view with the reason. */
  async function switchNetwork(network: Network): Promise<void> {
    if (!enabled) return
    if (!chains.networks.some((candidate) => candidate.caipNetworkId === network.caipNetworkId)) {
      await networkNotFound()
      return
    }
    if (network.chainNamespace !== chains.state.getState().activeNamespace) {
      // A network of another family (the Networks list holds every family's): that namespace becomes the
      // active one, as SwitchActiveChain does; with no wallet of it connected yet, the visitor picks one.
      chains.setActiveNamespace(network.chainNamespace)
      const account = chains.getAccount(network.chainNamespace)
      if (!account.address || account.network?.caipNetworkId === network.caipNetworkId) {
        shell.setRouter(reset({ view: account.address ? 'Account' : 'Connect' }))
        return
      }
    }
    const cameFrom = currentEntry(store.getState().router).view
    shell.navigate(switchNetworkEntry(network))
    try {
      const adapter = chains.adapterFor(network.chainNamespace)
      if (!adapter.switchNetwork) throw new KernelError('noNetworkSwitching')
      await adapter.switchNetwork(network)
      analytics.track('SWITCH_NETWORK', { network: network.caipNetworkId })
      if (cameFrom === 'UnsupportedChain') shell.setRouter(reset({ view: 'Account' }))
      else shell.back()
    } catch (error) {
      shell.setRouter(returnToPrevious(store.getState().router))
      store.setState({
        error: isUserRejection(error)
          ? WalletErrorText.networkSwitchRejected
          : ConnectionErrorText.unsupportedChain,
      })
    }
  }

  return { switchNetwork }
}
