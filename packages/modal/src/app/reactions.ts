import { toCaipNetworkId } from '@allaccess/protocol'
import type { Chains } from '../chains/createChains'
import type { Tracker } from '../features/analytics/createAnalyticsFeature'
import type { Shell } from '../features/shell/createShell'
import type { Pairing } from '../features/walletConnect/createPairing'
import type { BannerController } from '../kernel/banner'
import { currentEntry, reset } from '../kernel/router'
import type { Store } from '../kernel/store'
import type { ModalState } from './modal'

export type ReactionDeps = {
  store: Store<ModalState>
  chains: Chains
  shell: Shell
  pairing: Pairing
  banner: BannerController
  /** Stay quiet when the wallet sits on a network that is not configured. */
  allowUnsupportedChain: boolean
  /** What closing the modal resets in the loaded features (the directory's search). */
  onClosed: () => void
  analytics: Tracker
}

/**
 * Every rule that ties one part of the modal to another, in one place (docs/behaviour.md#reactions). Returns
 * the function that releases them all.
 */
export function registerReactions({
  store,
  chains,
  shell,
  pairing,
  banner,
  allowUnsupportedChain,
  onClosed,
  analytics,
}: ReactionDeps): () => void {
  const releases = [
    // A notification belongs to the moment it was shown in, and a search to its visit: neither outlives the modal.
    store.subscribe(
      (state) => state.open,
      (open) => {
        analytics.track(open ? 'MODAL_OPEN' : 'MODAL_CLOSE', {
          connected: Boolean(chains.getAccount().address),
        })
        if (open) return
        banner.hide()
        onClosed()
      },
    ),
    // Nor another view: a toast says something about the view it came with (a copy, a failed read). Opening is
    // no move away: an alert raised while the modal was closed (a relay's refusal on reload) waits to be read.
    store.subscribe(
      (state) => (state.open ? currentEntry(state.router).view : undefined),
      (view, before) => {
        if (view !== undefined && before !== undefined) banner.hide()
      },
    ),
    store.subscribe(pairing.followPairingViews),
    pairing.watchSessionRefusals(),
    chains.subscribe(followWallet),
    chains.subscribe(followActiveNetwork),
    // Switching namespace acts on that namespace's network (its account's, else its first).
    chains.state.subscribe(
      (state) => state.activeNamespace,
      (namespace) => chains.state.setState({ activeCaipNetworkId: chains.networkOf(namespace) }),
    ),
  ]

  /** The wallet moving to an unconfigured network makes the page unusable: say so at once. */
  function followWallet() {
    const account = chains.getAccount()
    const { open: isOpen, router } = store.getState()
    const view = currentEntry(router).view
    if (!account.address) {
      if (isOpen && (view === 'Account' || view === 'UnsupportedChain'))
        shell.setRouter(reset({ view: 'Connect' }))
      return
    }
    const unsupported = shell.isOnUnsupportedChain(account)
    if (unsupported && !allowUnsupportedChain && view !== 'SwitchNetwork') {
      if (!isOpen || view !== 'UnsupportedChain') shell.open({ view: 'UnsupportedChain' })
    } else if (!unsupported && isOpen && view === 'UnsupportedChain') {
      shell.setRouter(reset({ view: 'Account' }))
    }
  }

  /** The active network is the active account's, also while it sits on an unconfigured one. */
  function followActiveNetwork() {
    const { activeNamespace } = chains.state.getState()
    const account = chains.getAccount()
    if (!activeNamespace || !account.address || account.chainId === undefined) return
    chains.state.setState({ activeCaipNetworkId: toCaipNetworkId(activeNamespace, account.chainId) })
  }

  return () => {
    for (const release of releases) release()
  }
}
