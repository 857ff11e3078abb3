import type { FeatureContext } from '../../app/featureContext'
import {
  activeAfterDisconnect,
  CONNECTION_ORDER_KEY,
  currentAfterDisconnect,
  keyOf,
  namespaceOf,
  nextOrder,
  parseOrder,
} from '../../chains/connectionRules'
import type { ChainConnection, ConnectionsState } from '../../chains/createChains'
import { partsOf } from '../../chains/multiChain'
import type { ChainNamespace } from '../../chains/types'
import { createStore } from '../../kernel/store'
import { createWalletDetails } from './walletDetails'

/** The open connections in the order they connected, grouped by namespace in the adapters' order. */
export type WalletGroup = { namespace: ChainNamespace; connections: ChainConnection[] }

/**
 * Several wallets at once (docs/behaviour.md#profile-wallets): keeps the connections' order across page loads
 * (`allaccess.connectionOrder`), applies chains/connectionRules.ts to every ended connection, whoever ended
 * it (the adapter's own pick is overridden: wagmi makes its first remaining one current, even when another
 * ended), and makes one current, disconnects one, or all.
 */
export function createProfileWallets(context: FeatureContext) {
  const { env, chains, modal, analytics } = context
  const { storage } = env
  const details = createWalletDetails(context)
  const read = () => {
    try {
      return parseOrder(storage?.getItem(CONNECTION_ORDER_KEY))
    } catch {
      return []
    }
  }
  /** Each namespace's own connections: one that spans namespaces counts in each by its part there. */
  const openOf = (state: ConnectionsState) => [...state.connections.values()].flatMap(partsOf)
  const state = createStore({ order: read() })
  /** What was open at the last settled change, and each namespace's current key then. */
  let last = snapshot({ connections: new Map(), current: {}, status: {} })

  function snapshot(connections: ConnectionsState) {
    const open = openOf(connections)
    const current = (namespace: ChainNamespace) => {
      const connection = connections.connections.get(connections.current[namespace] ?? '')
      const part = connection && partsOf(connection).find((candidate) => candidate.namespace === namespace)
      return part ? keyOf(part) : undefined
    }
    return { open, keys: open.map(keyOf), current }
  }

  function save(order: string[]) {
    state.setState({ order })
    try {
      storage?.setItem(CONNECTION_ORDER_KEY, JSON.stringify(order))
    } catch {
      // Full or blocked storage: the order holds for this page only.
    }
  }

  function onChange() {
    const connections = chains.getConnections()
    // While a wallet connects or reconnects (a reload rebuilds wagmi's map one by one) nothing has ended.
    if (Object.values(connections.status).some((status) => status.endsWith('connecting'))) return
    const before = last
    const now = snapshot(connections)
    last = now
    const removed = before.keys.filter((key) => !now.keys.includes(key))
    const order = nextOrder(state.getState().order, now.keys, removed)
    if (order.join() !== state.getState().order.join()) save(order)
    if (removed.length === 0) return
    const open = order.filter((key) => now.keys.includes(key))
    for (const key of removed) {
      const namespace = namespaceOf(key)
      const wanted = currentAfterDisconnect(open, before.current(namespace), key)
      const connection = now.open.find((candidate) => keyOf(candidate) === wanted)
      if (connection && wanted !== now.current(namespace))
        void chains.makeCurrent(connection.id).catch(report)
    }
    const active = chains.state.getState().activeNamespace
    const next = active && activeAfterDisconnect(open, active)
    if (next && next !== active) chains.setActiveNamespace(next)
  }
  const report = (error: unknown) => analytics.reportError(error, 'profileWallets')
  const unsubscribe = chains.subscribe(onChange)
  onChange()

  /**
   * The open connections by namespace (the adapters' order), each group in the order they connected; one that
   * spans namespaces (MULTI_CHAIN) is listed once, in its first namespace's group.
   */
  function groups(): WalletGroup[] {
    const { connections } = chains.getConnections()
    const { order } = state.getState()
    const rank = (connection: ChainConnection) => {
      const index = order.indexOf(keyOf(connection))
      return index === -1 ? order.length : index
    }
    return chains.adapters.flatMap(({ namespace }) => {
      const mine = [...connections.values()].filter((connection) => connection.namespace === namespace)
      mine.sort((a, b) => rank(a) - rank(b))
      return mine.length ? [{ namespace, connections: mine }] : []
    })
  }

  /** Ends one connection; the last one ends as Account's Disconnect does (the modal closes, on Connect). */
  async function disconnect(connectionId: string): Promise<void> {
    if (chains.getConnections().connections.size <= 1) return modal.disconnect(connectionId)
    await chains.disconnect(connectionId)
    analytics.track('DISCONNECT_SUCCESS')
  }

  return {
    /** The connections' keys in the order they connected (chains/connectionRules.ts). */
    state,
    groups,
    /** Each connection's balance and name, by connection id, once `loadDetails` has read them. */
    details: details.state,
    /** Reads the balance and name of each connection (every open one) not read yet for its account and network. */
    loadDetails: (connections: Iterable<ChainConnection> = chains.getConnections().connections.values()) =>
      details.load(connections).then(() => undefined, report),
    /** Makes a connection current, and its namespace the active one: no new login. */
    switchTo: (connectionId: string) => modal.switchConnection(connectionId),
    disconnect,
    /** Ends every connection, the last as Account's Disconnect does. */
    async disconnectAll(): Promise<void> {
      for (const id of chains.getConnections().connections.keys()) await disconnect(id)
    },
    /** Connect, to add another wallet beside these. */
    addWallet: () => modal.navigate({ view: 'Connect' }),
    destroy: unsubscribe,
  }
}

export type ProfileWallets = ReturnType<typeof createProfileWallets>
