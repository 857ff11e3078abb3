import { KernelError } from '../kernel/errors'
import type { ChainAdapter, ChainNamespace, ConnectionState, Connector, Network } from './types'

const NO_CONNECTORS: Connector[] = []
const NOT_LOADED: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }

type Capability = 'switchConnection' | 'switchNetwork' | 'loadWalletActions'

/**
 * An adapter whose code is a chunk of its own, fetched as the modal is created but never part of the page's first
 * load: its namespace and networks are known at once, its connectors and connections show once it is in
 * (its subscribers hear it arrive), and every call waits for it. A family whose library the page should not
 * carry (Solana's) is handed to `createModal` this way. Kept small: it is in the first load.
 */
export function lazyAdapter(
  { namespace, networks }: { namespace: ChainNamespace; networks: readonly Network[] },
  load: () => Promise<ChainAdapter>,
): ChainAdapter {
  let loaded: ChainAdapter | undefined
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const ready = Promise.resolve()
    .then(load)
    .then((adapter) => {
      loaded = adapter
      adapter.subscribe(notify)
      notify()
      return adapter
    })
  // A chunk that fails to load leaves no connectors; a call on the adapter rejects with the reason.
  ready.catch(() => {})

  /** A capability of the loaded adapter; `missing` when it has none. */
  const capability =
    (name: Capability, missing: ConstructorParameters<typeof KernelError>[0]) =>
    async (...args: unknown[]) => {
      const adapter = await ready
      const method = adapter[name] as ((...args: unknown[]) => Promise<never>) | undefined
      if (!method) throw new KernelError(missing)
      return method.apply(adapter, args)
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
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    connect: async (connectorId) => (await ready).connect(connectorId),
    disconnect: async (connectionId) => (await ready).disconnect(connectionId),
    switchConnection: capability('switchConnection', 'noConnectionSwitching'),
    switchNetwork: capability('switchNetwork', 'noNetworkSwitching'),
    loadWalletActions: capability('loadWalletActions', 'noWalletActions'),
    // The embedded wallet's frame and the stop reach the adapter once it is in (at once when it is).
    followEmbeddedFrame(follow) {
      const following = ready.then((adapter) => adapter.followEmbeddedFrame?.(follow)).catch(() => undefined)
      return () => void following.then((unfollow) => unfollow?.())
    },
    stop: () =>
      void ready.then(
        (adapter) => adapter.stop?.(),
        () => {},
      ),
  }
}
