import { KernelError } from '../kernel/errors'
import type { ChainAdapter, ChainNamespace, ConnectionState, Connector, Network } from './types'

const NO_CONNECTORS: Connector[] = []
const NOT_LOADED: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }

/**
 * An adapter whose code is a chunk of its own, fetched as the modal is created but never part of the page's first
 * load: its namespace and networks are known at once, its connectors and connections show once it is in
 * (its subscribers hear it arrive), and every call waits for it. A family whose library the page should not
 * carry (Solana's) is handed to `createModal` this way.
 */
export function lazyAdapter(
  { namespace, networks }: { namespace: ChainNamespace; networks: readonly Network[] },
  load: () => Promise<ChainAdapter>,
): ChainAdapter {
  let loaded: ChainAdapter | undefined
  const listeners = new Map<() => void, () => void>()
  const ready = Promise.resolve()
    .then(load)
    .then((adapter) => {
      loaded = adapter
      for (const listener of listeners.keys()) {
        listeners.set(listener, adapter.subscribe(listener))
        listener()
      }
      return adapter
    })
  ready.catch((error: unknown) => console.warn(`The ${namespace} adapter could not be loaded`, error))

  /** A capability of the loaded adapter; `missing` when it has none. */
  async function capability<K extends keyof ChainAdapter>(
    name: K,
    missing: ConstructorParameters<typeof KernelError>[0],
  ) {
    const adapter = await ready
    const method = adapter[name]
    if (typeof method !== 'function') throw new KernelError(missing)
    return (method as (...args: never[]) => unknown).bind(adapter) as NonNullable<ChainAdapter[K]>
  }

  return {
    namespace,
    networks,
    // What features ask of the family (`chains.family`), once its code is in.
    get family() {
      return loaded?.family
    },
    getConnectors: () => loaded?.getConnectors() ?? NO_CONNECTORS,
    getConnectionState: () => loaded?.getConnectionState() ?? NOT_LOADED,
    subscribe(listener) {
      listeners.set(listener, loaded ? loaded.subscribe(listener) : () => {})
      return () => {
        listeners.get(listener)?.()
        listeners.delete(listener)
      }
    },
    connect: async (connectorId) => (await ready).connect(connectorId),
    disconnect: async (connectionId) => (await ready).disconnect(connectionId),
    switchConnection: async (id) => (await capability('switchConnection', 'noConnectionSwitching'))(id),
    switchNetwork: async (network) => (await capability('switchNetwork', 'noNetworkSwitching'))(network),
    loadWalletActions: async () => (await capability('loadWalletActions', 'noWalletActions'))(),
    abandonConnect: () => loaded?.abandonConnect?.(),
  }
}
