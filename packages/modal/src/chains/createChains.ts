import { toCaipNetworkId } from '@allaccess/protocol'
import { KernelError } from '../kernel/errors'
import { createStore } from '../kernel/store'
import { DEFAULT_CHAIN } from './constants'
import type { ChainFamily } from './types'
import {
  type CaipNetworkId,
  type ChainAdapter,
  type ChainNamespace,
  CONNECTION_STATUSES,
  type ConnectionState,
  type Connector,
  type Network,
} from './types'

export type AccountSnapshot = {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  address: string | undefined
  caipAddress: string | undefined
  chainId: number | string | undefined
  /** The configured network the wallet is on; undefined when it sits on an unconfigured one. */
  network: Network | undefined
  connector: Connector | undefined
}

export type ChainsState = {
  /** The namespace the modal acts on: the first adapter's until the visitor connects or switches another. */
  activeNamespace: ChainNamespace | undefined
  /**
   * The network the modal acts on: the active account's, the unsupported-network placeholder while its wallet
   * sits on an unconfigured one, else the namespace's first network; `eip155:1` when the site names none.
   */
  activeCaipNetworkId: CaipNetworkId
}

/**
 * The chain layer: adapters keyed by namespace, the active namespace and network, and one account snapshot
 * per namespace. A second chain family is one more adapter; nothing here knows EVM.
 */
export function createChains(adapters: readonly ChainAdapter[]) {
  const byNamespace = new Map(adapters.map((adapter) => [adapter.namespace, adapter]))
  const networks = adapters.flatMap((adapter) => adapter.networks)
  const firstNamespace = adapters[0]?.namespace
  const state = createStore<ChainsState>({
    activeNamespace: firstNamespace,
    activeCaipNetworkId: defaultNetworkId(firstNamespace),
  })
  const accounts = new Map<
    ChainNamespace,
    { state: unknown; connectors: unknown; snapshot: AccountSnapshot }
  >()

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

  /** A stable snapshot per namespace: the same object until its connection state or connectors change. */
  function getAccount(namespace = state.getState().activeNamespace): AccountSnapshot {
    const adapter = namespace ? byNamespace.get(namespace) : undefined
    if (!adapter || !namespace) return DISCONNECTED
    const connectionState = adapter.getConnectionState()
    const connectors = adapter.getConnectors()
    const last = accounts.get(namespace)
    if (last && last.state === connectionState && last.connectors === connectors) return last.snapshot
    const snapshot = readAccount(adapter, connectionState, connectors)
    accounts.set(namespace, { state: connectionState, connectors, snapshot })
    return snapshot
  }

  function readAccount(
    adapter: ChainAdapter,
    connectionState: ConnectionState,
    connectors: Connector[],
  ): AccountSnapshot {
    if (!CONNECTION_STATUSES.includes(connectionState.status)) {
      throw new KernelError('invalidConnectionStatus')
    }
    const connection = connectionState.current
      ? connectionState.connections.get(connectionState.current)
      : undefined
    const address = connection?.accounts[0]?.address
    const chainId = connection?.chainId
    const network = adapter.networks.find((candidate) => String(candidate.id) === String(chainId))
    return {
      status: connectionState.status,
      address,
      caipAddress: address ? `${toCaipNetworkId(adapter.namespace, chainId ?? '')}:${address}` : undefined,
      chainId,
      network,
      connector: connectors.find((candidate) => candidate.id === connection?.connectorId),
    }
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
    getConnectors,
    findConnector,
    getProvider,
    getActiveNetwork,
    networkOf,
    /** Opening rule 1 and the SwitchActiveChain view: act on another namespace from now on. */
    setActiveNamespace(namespace: ChainNamespace) {
      adapterFor(namespace)
      state.setState({ activeNamespace: namespace })
    },
    /** Every adapter's changes of connectors or connection state. */
    subscribe(listener: () => void): () => void {
      const unsubscribes = adapters.map((adapter) => adapter.subscribe(listener))
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe()
      }
    },
  }
}

export type Chains = ReturnType<typeof createChains>

const DISCONNECTED: AccountSnapshot = {
  status: 'disconnected',
  address: undefined,
  caipAddress: undefined,
  chainId: undefined,
  network: undefined,
  connector: undefined,
}

/** A network the site doesn't configure, as the state shows it: its id, no name, no native currency. */
export function unsupportedNetwork(caipNetworkId: CaipNetworkId): Network {
  const [namespace, id = ''] = caipNetworkId.split(':') as [ChainNamespace, string]
  return {
    id,
    chainNamespace: namespace,
    caipNetworkId,
    name: 'Unknown Network',
    nativeCurrency: { name: '', decimals: 0, symbol: '' },
    rpcUrls: { default: { http: [] } },
  }
}
