import type { ChainAdapter, Connection } from '../chains/types'
import { createConnectionStateStore } from './connectionStateStore'
import { testChainAddress, testChainFamily, testChainNetwork } from './testChainAdapter'

type Deferred = { resolve(): void; reject(error: unknown): void }

/**
 * The test family's wallets (`ids`) as a reload leaves them: all reconnecting at once, each back when the test
 * settles its deferred (`reconnects[id]`), so the test picks the order they finish in. As wagmi does, the first
 * one back is current and the namespace stays reconnecting until every one has settled.
 */
export function createReloadedAdapter(ids: readonly string[]): ChainAdapter & {
  reconnects: Partial<Record<string, Deferred>>
} {
  const { set, ...connection } = createConnectionStateStore()
  const connectors = ids.map((id) => ({
    id,
    type: 'ANNOUNCED' as const,
    name: `Wallet ${id}`,
    chain: 'solana' as const,
    getProvider: async () => ({}),
  }))
  const reconnects: Partial<Record<string, Deferred>> = {}
  let pending = ids.length
  set({ connections: new Map(), current: null, status: 'reconnecting' })

  function settled(id: string, back: boolean) {
    pending -= 1
    const { connections, current } = connection.getConnectionState()
    const made: Connection = {
      connectorId: id,
      accounts: [{ address: testChainAddress, type: 'eoa' }],
      chainId: testChainNetwork.id,
    }
    const next = back ? new Map(connections).set(id, made) : connections
    const nextCurrent = current ?? (back ? id : null)
    const status = pending > 0 ? 'reconnecting' : nextCurrent ? 'connected' : 'disconnected'
    set({ connections: next, current: nextCurrent, status })
  }
  for (const id of ids) {
    new Promise<void>((resolve, reject) => {
      reconnects[id] = { resolve, reject }
    }).then(
      () => settled(id, true),
      () => settled(id, false),
    )
  }

  return {
    namespace: 'solana',
    family: testChainFamily,
    networks: [testChainNetwork],
    reconnects,
    getConnectors: () => connectors,
    ...connection,
    async connect() {
      throw new Error('The reloaded adapter only reconnects')
    },
    async disconnect() {
      throw new Error('The reloaded adapter only reconnects')
    },
    async switchConnection(connectionId) {
      set({ ...connection.getConnectionState(), current: connectionId })
    },
  }
}
