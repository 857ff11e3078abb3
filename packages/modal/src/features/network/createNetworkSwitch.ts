import type { Chains } from '../../chains/createChains'
import type { Balance, Network } from '../../chains/types'
import { isUserRejection } from '../../core/isUserRejection'
import type { ModalState } from '../../core/modal'
import type { Environment } from '../../kernel/environment'
import { ConnectionErrorText, WalletErrorText } from '../../kernel/errors'
import { currentEntry, reset, returnToPrevious } from '../../kernel/router'
import type { Store } from '../../kernel/store'
import type { Tracker } from '../analytics/createAnalyticsFeature'
import type { Shell } from '../shell/createShell'
import { NATIVE_BALANCE_CACHE_MS } from './constants'

export type NetworkSwitchDeps = {
  store: Store<ModalState>
  chains: Chains
  shell: Shell
  env: Environment
  /** 'Network Not Found': the network is not one the site configures. */
  networkNotFound: () => Promise<void>
  /** false: the modal never asks the wallet to switch. */
  enabled: boolean
  analytics: Tracker
}

/** Switching networks and the native balance (docs/behaviour.md#network-switch, #balance). */
export function createNetworkSwitch({
  store,
  chains,
  shell,
  env,
  networkNotFound,
  enabled,
  analytics,
}: NetworkSwitchDeps) {
  const balances = new Map<string, { at: number; balance: Promise<Balance> }>()

  /** A failed network switch returns to the previous view with the reason. */
  async function switchNetwork(network: Network): Promise<void> {
    if (!enabled) return
    if (!chains.networks.some((candidate) => candidate.caipNetworkId === network.caipNetworkId)) {
      await networkNotFound()
      return
    }
    const cameFrom = currentEntry(store.getState().router).view
    shell.navigate({ view: 'SwitchNetwork', data: { caipNetworkId: network.caipNetworkId } })
    try {
      const adapter = chains.adapterFor(network.chainNamespace)
      if (!adapter.switchNetwork) throw new Error(`The ${adapter.namespace} adapter can't switch networks`)
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

  /** Native balance, cached 30 s per network and address, de-duplicated while in flight. */
  function getBalance(address: string, network: Network): Promise<Balance> {
    const key = `${network.caipNetworkId}:${address.toLowerCase()}`
    const cached = balances.get(key)
    if (cached && env.clock.now() - cached.at < NATIVE_BALANCE_CACHE_MS) return cached.balance
    const adapter = chains.adapterFor(network.chainNamespace)
    const balance = adapter.getBalance
      ? adapter.getBalance(address, network)
      : Promise.reject(new Error(`The ${adapter.namespace} adapter can't read balances`))
    balances.set(key, { at: env.clock.now(), balance })
    balance.catch(() => balances.delete(key))
    return balance
  }

  return { switchNetwork, getBalance, refreshBalance: () => balances.clear() }
}
