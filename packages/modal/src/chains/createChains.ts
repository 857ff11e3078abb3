import { toCaipNetworkId } from '@allaccess/protocol'
import { createEmbeddedFrames } from '../embedded/embeddedFrames'
import { KernelError } from '../kernel/errors'
import { createStore } from '../kernel/store'
import type { AccountSnapshot, ChainConnection, ConnectionsState } from './connections'
import { DEFAULT_CHAIN } from './constants'
import { joinParts, partsOf } from './multiChain'
import { DISCONNECTED, unsupportedNetwork } from './placeholders'
import type { ChainFamily } from './types'
import {
  type CaipNetworkId,
  type ChainAdapter,
  type ChainNamespace,
  CONNECTION_STATUSES,
  type ConnectionState,
  type ConnectionStatus,
  type Connector,
  type Network,
} from './types'

export type { AccountSnapshot, ChainConnection, ConnectionsState } from './connections'

export type ChainsState = {
  /** The namespace the modal acts on: the first adapter's until the visitor connects or switches another. */
  activeNamespace: ChainNamespace | undefined
  /**
   * The network the modal acts on: the active account's, the unsupported-network placeholder while its wallet
   * sits on an unconfigured one, else the namespace's first network; `eip155:1` when the site names none.
   */
  activeCaipNetworkId: CaipNetworkId
}

/** A connection's id across namespaces, from the adapter's own. */
const connectionIdOf = (namespace: ChainNamespace, own: string) => `${namespace}/${own}`

/**
 * The chain layer: adapters keyed by namespace, the active namespace and network, and the connections of every
 * adapter in one map with the current one per namespace (as wagmi keeps its own). An account per namespace is
 * derived from its current connection. A second chain family is one more adapter; nothing here knows EVM.
 */
export function createChains(adapters: readonly ChainAdapter[]) {
  const byNamespace = new Map(adapters.map((adapter) => [adapter.namespace, adapter]))
  const networks = adapters.flatMap((adapter) => adapter.networks)
  const firstNamespace = adapters[0]?.namespace
  const state = createStore<ChainsState>({
    activeNamespace: firstNamespace,
    activeCaipNetworkId: defaultNetworkId(firstNamespace),
  })
  // This modal's signed-in embedded wallet, for the families that hold an account of it (the e-mail wallet on Solana).
  const embeddedFrames = createEmbeddedFrames()
  const unfollowEmbedded = adapters.map((adapter) => adapter.followEmbeddedFrame?.(embeddedFrames.follow))

  function adapterFor(namespace: ChainNamespace | undefined): ChainAdapter {
    if (!namespace) throw new KernelError('namespaceRequired')
    const adapter = byNamespace.get(namespace)
    if (!adapter) throw new KernelError('chainAdapterNotFound')
    return adapter
  }

  /** The adapter of the active namespace ('Chain adapter not found' when the site has none). */
  const active = () => adapterFor(state.getState().activeNamespace ?? firstNamespace ?? 'eip155')

  function defaultNetworkId(namespace: ChainNamespace | undefined): CaipNetworkId {
    const adapter = namespace ? byNamespace.get(namespace) : undefined
    return adapter?.networks[0]?.caipNetworkId ?? (DEFAULT_CHAIN as CaipNetworkId)
  }

  type NamespaceRead = {
    source: ConnectionState
    connectors: Connector[]
    connections: ChainConnection[]
    current: ChainConnection | undefined
    account: AccountSnapshot
  }
  const reads = new Map<ChainNamespace, NamespaceRead>()

  /** One namespace's connections and account: the same objects until its adapter's state or connectors change. */
  function readNamespace(adapter: ChainAdapter): NamespaceRead {
    const source = adapter.getConnectionState()
    const connectors = adapter.getConnectors()
    const last = reads.get(adapter.namespace)
    if (last && last.source === source && last.connectors === connectors) return last
    if (!CONNECTION_STATUSES.includes(source.status)) throw new KernelError('invalidConnectionStatus')
    const connections = [...source.connections].map(
      ([own, connection]): ChainConnection => ({
        id: connectionIdOf(adapter.namespace, own),
        namespace: adapter.namespace,
        connector: connectors.find((candidate) => candidate.id === connection.connectorId),
        accounts: connection.accounts,
        chainId: connection.chainId,
        ...(connection.partOf ? { partOf: connection.partOf } : {}),
      }),
    )
    const currentId = source.current === null ? undefined : connectionIdOf(adapter.namespace, source.current)
    const current = connections.find((connection) => connection.id === currentId)
    const read = {
      source,
      connectors,
      connections,
      current,
      account: accountOf(adapter, source.status, current),
    }
    reads.set(adapter.namespace, read)
    return read
  }

  function accountOf(
    adapter: ChainAdapter,
    status: ConnectionStatus,
    connection: ChainConnection | undefined,
  ): AccountSnapshot {
    const address = connection?.accounts[0]?.address
    const chainId = connection?.chainId
    return {
      status,
      address,
      caipAddress: address ? `${toCaipNetworkId(adapter.namespace, chainId ?? '')}:${address}` : undefined,
      chainId,
      network: adapter.networks.find((candidate) => String(candidate.id) === String(chainId)),
      connector: connection?.connector,
      connectionId: connection?.id,
    }
  }

  /** Each part's account as read of a connection that spans namespaces: its connection id the joined one's. */
  const joinedAccounts = new WeakMap<AccountSnapshot, AccountSnapshot>()

  /** A namespace's account, derived from its current connection; the same object until it changes. */
  function getAccount(namespace = state.getState().activeNamespace): AccountSnapshot {
    const adapter = namespace ? byNamespace.get(namespace) : undefined
    if (!adapter) return DISCONNECTED
    const { account } = readNamespace(adapter)
    const joined = account.connectionId && getJoined().joinedId.get(account.connectionId)
    if (!joined) return account
    let read = joinedAccounts.get(account)
    if (read?.connectionId !== joined) {
      read = { ...account, connectionId: joined }
      joinedAccounts.set(account, read)
    }
    return read
  }

  let lastConnections:
    | { parts: NamespaceRead[]; state: ConnectionsState; joinedId: ReadonlyMap<string, string> }
    | undefined

  /**
   * Every adapter's connections in one state, the parts of one that spans namespaces joined (current in each of
   * their namespaces); the same object until one of them changes.
   */
  function getJoined() {
    const parts = adapters.map(readNamespace)
    if (lastConnections?.parts.every((part, index) => part === parts[index])) return lastConnections
    const { connections: joined, joinedId } = joinParts(parts.flatMap((part) => part.connections))
    const current: Partial<Record<ChainNamespace, string>> = {}
    const status: Partial<Record<ChainNamespace, ConnectionStatus>> = {}
    for (const [index, part] of parts.entries()) {
      const namespace = adapters[index]?.namespace
      if (!namespace) continue
      status[namespace] = part.source.status
      if (part.current) current[namespace] = joinedId.get(part.current.id) ?? part.current.id
    }
    const connections = new Map(joined.map((connection) => [connection.id, connection] as const))
    lastConnections = { parts, state: { connections, current, status }, joinedId }
    return lastConnections
  }

  const getConnections = (): ConnectionsState => getJoined().state

  /**
   * A connection by id (or one namespace's part of one, by the part's id), with its adapter and the adapter's own
   * id for it ('No connector found for connection').
   */
  function connectionFor(connectionId: string) {
    const { connections } = getConnections()
    const connection =
      connections.get(connectionId) ??
      [...connections.values()].flatMap(partsOf).find((part) => part.id === connectionId)
    if (!connection) throw new KernelError('noConnectorForConnection')
    const own = connectionId.slice(connection.namespace.length + 1)
    return { connection, adapter: adapterFor(connection.namespace), own }
  }

  /**
   * Ends a connection, by id, or the active namespace's current one. Another connection of that namespace, if
   * any, becomes its current one (the adapter picks it, as wagmi does). One that spans namespaces is ended by its
   * owner's adapter: its session ends once, and the other parts end with it.
   */
  async function disconnect(connectionId?: string): Promise<void> {
    if (connectionId === undefined) return active().disconnect()
    const { adapter, own } = connectionFor(connectionId)
    await adapter.disconnect(own)
  }

  /** Makes a connection its namespace's current one (each of its namespaces', for one that spans them); the active namespace stays. */
  async function makeCurrent(connectionId: string): Promise<void> {
    for (const part of partsOf(connectionFor(connectionId).connection)) {
      const adapter = adapterFor(part.namespace)
      if (readNamespace(adapter).current?.id === part.id) continue
      if (!adapter.switchConnection) throw new KernelError('noConnectionSwitching')
      await adapter.switchConnection(part.id.slice(part.namespace.length + 1))
    }
  }

  /** Makes a connection its namespace's current one, and that namespace the active one (kept, when it is one of its). */
  async function switchConnection(connectionId: string): Promise<void> {
    const { connection } = connectionFor(connectionId)
    await makeCurrent(connectionId)
    const active = state.getState().activeNamespace
    const spanned = partsOf(connection).some((part) => part.namespace === active)
    setActiveNamespace(active && spanned ? active : connection.namespace)
  }

  let lastConnectors: { parts: Connector[][]; all: Connector[] } | undefined

  /** Every adapter's connectors, the same array until one of them changes. */
  function getConnectors(): Connector[] {
    const parts = adapters.map((adapter) => adapter.getConnectors())
    if (lastConnectors?.parts.every((part, index) => part === parts[index])) return lastConnectors.all
    lastConnectors = { parts, all: parts.flat() }
    return lastConnectors.all
  }

  function findConnector(connectorId: string): Connector {
    const connector = getConnectors().find((candidate) => candidate.id === connectorId)
    if (!connector) throw new KernelError('connectorUndefined')
    return connector
  }

  /** The wallet's provider behind a connector ('connector is undefined', 'provider is undefined'). */
  async function getProvider(connectorId: string): Promise<unknown> {
    const provider = await findConnector(connectorId).getProvider?.()
    if (provider === undefined || provider === null) throw new KernelError('providerUndefined')
    return provider
  }

  /** The network the modal acts on; the placeholder while the active wallet sits on an unconfigured one. */
  function getActiveNetwork(): Network {
    const { activeCaipNetworkId } = state.getState()
    return (
      networks.find((network) => network.caipNetworkId === activeCaipNetworkId) ??
      unsupportedNetwork(activeCaipNetworkId)
    )
  }

  /** Where the active network follows: the namespace's account, else its first network. */
  function networkOf(namespace: ChainNamespace | undefined): CaipNetworkId {
    const account = getAccount(namespace)
    if (namespace && account.address && account.chainId !== undefined) {
      return toCaipNetworkId(namespace, account.chainId)
    }
    return defaultNetworkId(namespace)
  }

  /** The visitor (or the site) picked the namespace: from then on it changes only when they pick another. */
  let picked = false

  /** Opening rule 1 and the SwitchActiveChain view: act on another namespace from now on. */
  function setActiveNamespace(namespace: ChainNamespace) {
    adapterFor(namespace)
    picked = true
    state.setState({ activeNamespace: namespace })
  }

  /**
   * Until a namespace is picked, the first adapter's is active only while it may have an account: once it has
   * none (nothing restored there) and another family's wallet reconnected on its own (a reload), that one's
   * namespace is the active one, as if the visitor had just connected it.
   */
  function followRestored() {
    const activeNamespace = state.getState().activeNamespace
    if (picked || !activeNamespace || getAccount(activeNamespace).status !== 'disconnected') return
    const restored = adapters.find((adapter) => readNamespace(adapter).account.status === 'connected')
    if (restored && restored.namespace !== activeNamespace)
      state.setState({ activeNamespace: restored.namespace })
  }
  for (const adapter of adapters) adapter.subscribe(followRestored)

  /** What features ask of a family instead of importing its library; undefined when no adapter brings one. */
  const family = (namespace: ChainNamespace): ChainFamily | undefined => byNamespace.get(namespace)?.family

  return {
    adapters,
    networks,
    state,
    family,
    adapterFor,
    active,
    getAccount,
    getConnections,
    disconnect,
    makeCurrent,
    switchConnection,
    getConnectors,
    findConnector,
    getProvider,
    getActiveNetwork,
    networkOf,
    setActiveNamespace,
    /** The embedded wallet's frame once someone signed in to it (the e-mail feature), undefined once the login ended. */
    announceEmbeddedFrame: embeddedFrames.announce,
    /** The modal was destroyed: the adapters let go of the page's wallets and their clients' events. */
    destroy() {
      embeddedFrames.announce(undefined)
      for (const unfollow of unfollowEmbedded) unfollow?.()
      for (const adapter of adapters) adapter.stop?.()
    },
    /**
     * Every adapter's changes of connectors or connection state, and of the active namespace: the account read
     * without a namespace is that namespace's (a switch to another family's connection changes it).
     */
    subscribe(listener: () => void): () => void {
      const unsubscribes = [
        ...adapters.map((adapter) => adapter.subscribe(listener)),
        state.subscribe(listener),
      ]
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe()
      }
    },
  }
}

export type Chains = ReturnType<typeof createChains>

export { unsupportedNetwork }
