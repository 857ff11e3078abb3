import type { ModalState } from '../../app/modal'
import type { Chains } from '../../chains/createChains'
import { isUserRejection } from '../../chains/isUserRejection'
import { ConnectionErrorText, type ErrorText } from '../../kernel/errors'
import { currentEntry, reset } from '../../kernel/router'
import type { Store } from '../../kernel/store'
import type { Tracker } from '../analytics/createAnalyticsFeature'
import type { Shell } from '../shell/createShell'
import type { Pairing } from '../walletConnect/createPairing'
import type { ConnectFeature } from './connectChunk'
import { isSecondWallet, refuseSecondWallet } from './multiWallet'
import { CONNECTING_VIEWS } from './routes'

export type ConnectionDeps = {
  store: Store<ModalState>
  chains: Chains
  shell: Shell
  pairing: () => Pairing
  /** The connect feature, loaded on first use: the multi-wallet switch and the recent wallets. */
  connectFeature: () => Promise<ConnectFeature>
  analytics: Tracker
}

/** Connecting and disconnecting a wallet (docs/behaviour.md#connecting). */
export function createConnection({
  store,
  chains,
  shell,
  pairing,
  connectFeature,
  analytics,
}: ConnectionDeps) {
  const nameOf = (connectorId: string) =>
    chains.getConnectors().find((candidate) => candidate.id === connectorId)?.name ?? connectorId

  async function connect(connectorId: string, wallet: { walletId?: string } = {}): Promise<void> {
    const connector = chains.getConnectors().find((candidate) => candidate.id === connectorId)
    // Checked at once: a first wallet's connecting view shows without waiting for the connect feature's chunk.
    const account = chains.getAccount(connector?.chain)
    if (isSecondWallet(account, connectorId) && (await refuseSecondWallet(connectFeature, connectorId)))
      return
    analytics.track('SELECT_WALLET', { name: nameOf(connectorId), ...wallet })
    if (connector?.type === 'WALLET_CONNECT') return pairing().pair(connectorId, wallet.walletId)
    shell.show({ view: 'ConnectingExternal', data: { connectorId } }, ['ConnectingExternal'])
    try {
      const adapter = connector ? chains.adapterFor(connector.chain) : chains.active()
      await adapter.connect(connectorId)
      await connected(connectorId)
    } catch (error) {
      const text = failed(connectorId, error)
      const entry = currentEntry(store.getState().router)
      if (entry.view === 'ConnectingExternal' && entry.data.connectorId === connectorId) {
        store.setState({ error: text })
      }
    }
  }

  /** A connection attempt failed (the visitor said no, or the wallet could not connect): what the view says. */
  function failed(connectorId: string, error: unknown): ErrorText {
    const rejected = isUserRejection(error)
    analytics.track(rejected ? 'USER_REJECTED' : 'CONNECT_ERROR', {
      name: nameOf(connectorId),
      message: error instanceof Error ? error.message : String(error),
    })
    return rejected ? ConnectionErrorText.connectionRejected : ConnectionErrorText.failedToConnect
  }

  /** A wallet connected: the connect chunk makes it the one acted on and a recent wallet; the connecting flow closes. */
  function connected(connectorId: string): Promise<void> {
    analytics.track('CONNECT_SUCCESS', { name: nameOf(connectorId) })
    // A chunk that can't load leaves the wallet connected all the same.
    const followed = connectFeature().then(
      (feature) => feature.connected(connectorId),
      () => {},
    )
    // Only the connecting flow closes: a view a feature put up once the wallet connected (sign-in) stays.
    if (CONNECTING_VIEWS.has(currentEntry(store.getState().router).view)) shell.close()
    return followed
  }

  /** Ends one connection by id, or the active namespace's current one. */
  async function disconnect(connectionId?: string): Promise<void> {
    await chains.disconnect(connectionId)
    analytics.track('DISCONNECT_SUCCESS')
    store.setState({ open: false, router: reset({ view: 'Connect' }), error: null })
  }

  return { connect, connected, failed, disconnect }
}
