import type { ChainAdapter } from '../chains/types'
import { createConnectionStateStore } from './connectionStateStore'
import { devnetNetwork } from './devnet'

/**
 * An EVM-namespaced adapter for tests whose one connector is the embedded wallet (type AUTH) over `frame`, a
 * fake of the frame the social and Farcaster features talk to; connecting gives `address` on the devnet.
 */
export function createEmbeddedAuthAdapter(frame: unknown, address: string): ChainAdapter {
  const { set, ...connection } = createConnectionStateStore()
  return {
    namespace: 'eip155',
    networks: [devnetNetwork],
    getConnectors: () => [
      { id: 'ID_AUTH', type: 'AUTH', name: 'E-mail', chain: 'eip155', getProvider: async () => ({ frame }) },
    ],
    ...connection,
    async connect(connectorId) {
      const connection = { connectorId, accounts: [{ address, type: 'eoa' as const }], chainId: 31337 }
      set({ connections: new Map([['c', connection]]), current: 'c', status: 'connected' })
    },
    async disconnect() {
      set({ connections: new Map(), current: null, status: 'disconnected' })
    },
  }
}
