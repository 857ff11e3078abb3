import type { ModalState } from '../../app/modal'
import type { Chains } from '../../chains/createChains'
import type { Environment } from '../../kernel/environment'
import type { ErrorText } from '../../kernel/errors'
import { currentEntry } from '../../kernel/router'
import type { Store } from '../../kernel/store'
import type { Shell } from '../shell/createShell'
import { isPairingEntry, type PairingEntry } from './routes'
import { createWalletConnectFlow, RelayRefusedError } from './walletConnectFlow'

export type PairingDeps = {
  store: Store<ModalState>
  chains: Chains
  shell: Shell
  env: Environment
  onConnected: (connectorId: string) => void | Promise<void>
  /** The wallet refused or could not connect: the text the view shows (the connection's). */
  onFailed: (connectorId: string, error: unknown) => ErrorText
  /** Raises the alert a relay's refusal names, if any (docs/behaviour.md#configuration; the connect feature's banner). */
  onRelayRefused: (reason: string) => void
}

/**
 * Connecting over WalletConnect as the modal shows it (docs/behaviour.md#walletconnect): the pairing views, the
 * link on show; a failure shows the connection's text, and a relay's refusal its alert. The link itself is
 * `walletConnectFlow`'s.
 */
export function createPairing({
  store,
  chains,
  shell,
  env,
  onConnected,
  onFailed,
  onRelayRefused,
}: PairingDeps) {
  const isShowing = (state: ModalState) => state.open && isPairingEntry(currentEntry(state.router))
  const abandonConnects = () => {
    for (const adapter of chains.adapters) adapter.abandonConnect?.()
  }
  const flow = createWalletConnectFlow({
    // The connector's own family: on a site with Solana the modal may act on solana while EVM's connector pairs.
    adapter: (connectorId) => {
      const connector = chains.getConnectors().find((candidate) => candidate.id === connectorId)
      return connector ? chains.adapterFor(connector.chain) : chains.active()
    },
    isWaiting: () => isShowing(store.getState()),
    onConnected,
    onFailed: (connectorId, error) => {
      // A link that never came leaves the connector's attempt pending: not "connecting" any more.
      abandonConnects()
      // A relay's refusal with an alert of its own (origin, project id, clock) says more than the failure itself.
      if (error instanceof RelayRefusedError) onRelayRefused(error.reason)
      store.setState({ error: onFailed(connectorId, error) })
    },
    clock: env.clock,
  })
  let pairing: Promise<void> = Promise.resolve()

  /** The WalletConnect connector of the site, if it has one. */
  const connector = () => chains.getConnectors().find((candidate) => candidate.type === 'WALLET_CONNECT')

  /** Shows the pairing view (staying on the one on show) and makes a pairing link with the connector. */
  function pair(connectorId: string, walletId?: string): Promise<void> {
    const current = currentEntry(store.getState().router)
    const data = { connectorId, ...(walletId ? { walletId } : {}) }
    const entry: PairingEntry = isPairingEntry(current)
      ? { view: current.view, data }
      : { view: 'ConnectingWalletConnect', data }
    shell.show(entry, ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])
    return pairing
  }

  /**
   * A pairing view makes a link whenever it comes into view (also by Back, also for Try again); leaving it
   * (back, close, connected) stops the link's refresh. Registered by the reactions module.
   */
  function followPairingViews(state: ModalState, previous: ModalState) {
    const entry = currentEntry(state.router)
    const before = currentEntry(previous.router)
    if (isShowing(state) && isPairingEntry(entry) && entry.data?.connectorId) {
      if (entry !== before || !previous.open) pairing = flow.pair(entry.data.connectorId)
    } else if (previous.open && isPairingEntry(before) && !isShowing(state)) {
      flow.cancel()
      abandonConnects()
    }
  }

  /**
   * A stored session's client refused by the relay on page load, with no pairing view open (that one reports
   * its own): the refusal's alert waits in the banner for the visitor's next open. Once per page, since the
   * client's further tries are refused alike. Registered by the reactions module.
   */
  function watchSessionRefusals(): () => void {
    let watched: string | undefined
    let stopWatching = () => {}
    let reported = false
    const follow = () => {
      const ours = connector()
      if (ours?.id === watched) return
      stopWatching()
      watched = ours?.id
      stopWatching =
        (ours &&
          chains.adapterFor(ours.chain).subscribeRelayRefusal?.(ours.id, (reason) => {
            if (reported || isShowing(store.getState())) return
            reported = true
            onRelayRefused(reason)
          })) ||
        (() => {})
    }
    follow()
    const release = chains.subscribe(follow)
    return () => {
      release()
      stopWatching()
    }
  }

  /** Opened straight on a pairing view (manual pairing control) with no connector named: use ours. */
  function pairOnOpen(entry: PairingEntry) {
    const ours = entry.data?.connectorId ? undefined : connector()
    if (ours) void pair(ours.id, entry.data?.walletId)
  }

  return {
    pairing: { getState: flow.pairing.getState, subscribe: flow.pairing.subscribe },
    connector,
    pair,
    pairOnOpen,
    followPairingViews,
    watchSessionRefusals,
    cancel: flow.cancel,
  }
}

export type Pairing = ReturnType<typeof createPairing>
