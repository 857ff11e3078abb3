import type { ChainAdapter, ConnectionState } from '../chains/types'
import { devnetNetwork } from './devnet'

/**
 * An EVM-namespaced adapter for tests whose one connector is the embedded wallet (type AUTH) over `frame`, a
 * fake of the frame the social and Farcaster features talk to; connecting gives `address` on the devnet.
 */
export function createEmbeddedAuthAdapter(frame: unknown, address: string): ChainAdapter {
  const listeners = new Set<() => void>()
  let state: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }
  const set = (next: ConnectionState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return {
    namespace: 'eip155',
    networks: [devnetNetwork],
    getConnectors: () => [
      { id: 'embedded', type: 'AUTH', name: 'E-mail', chain: 'eip155', getProvider: async () => ({ frame }) },
    ],
    getConnectionState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async connect(connectorId) {
      const connection = { connectorId, accounts: [{ address, type: 'eoa' as const }], chainId: 31337 }
      set({ connections: new Map([['c', connection]]), current: 'c', status: 'connected' })
    },
    async disconnect() {
      set({ connections: new Map(), current: null, status: 'disconnected' })
    },
  }
}
