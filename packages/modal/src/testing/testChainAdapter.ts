import type { ChainAdapter, ChainFamily, Connection, Network } from '../chains/types'
import { createConnectionStateStore } from './connectionStateStore'

/** A network of the test chain family (Solana's namespace, nothing of Solana's behind it). */
export const testChainNetwork: Network = {
  id: 'test-devnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:test-devnet',
  name: 'Test Chain',
  nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 9 },
  rpcUrls: { default: { http: [] } },
}

export const testChainAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** Base58, 32 to 44 characters: the test family's addresses (Solana's shape). */
const TEST_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The test chain's family: what features ask of it, written here and nowhere else. */
export const testChainFamily: ChainFamily = {
  namespace: 'solana',
  addressFormat: 'base58',
  activity: false,
  names: false,
  parseAddress(input) {
    const address = input.trim()
    return TEST_ADDRESS.test(address) ? { address } : { problem: 'invalidReceiver' }
  },
  explorerUrl: (network, kind, id) =>
    network.blockExplorerUrl ? `${network.blockExplorerUrl}/${kind}/${id}` : undefined,
  // Solana's SLIP-44 coin type, as ENSIP-9 names it.
  nameCoinTypes: () => [501],
  signInMessage: async (data) =>
    `${data.domain} wants you to sign in with your Test Chain account:\n${data.accountAddress}\n\nNonce: ${data.nonce}`,
}

/** The second test wallet's address: two wallets of the family can be connected at once. */
export const testChainSecondAddress = 'GdnSyH3YtwcxFvQrVVJMm1JhTS4QVX7MFsX56uJLUfiZ'

/**
 * A second chain adapter for tests, written only against ChainAdapterBase and connection switching: two
 * connectors, each connecting at once to its own address, kept as connections the way wagmi keeps its own
 * (keyed by connector, the latest current, the next one current when the current one disconnects). It proves a
 * chain family is added beside EVM without touching the EVM adapter.
 */
export function createTestChainAdapter(): ChainAdapter & {
  provider: { request(): Promise<unknown> }
  joinTo(connectorId: string, partOf: NonNullable<Connection['partOf']>): void
} {
  const provider = { request: async () => testChainAddress }
  const wallet = (id: string, name: string) => ({
    id,
    type: 'ANNOUNCED' as const,
    name,
    chain: 'solana' as const,
    getProvider: async () => provider,
  })
  const connectors = [wallet('test-wallet', 'Test Wallet'), wallet('test-wallet-2', 'Second Test Wallet')]
  const addressOf = (connectorId: string) =>
    connectorId === 'test-wallet' ? testChainAddress : testChainSecondAddress
  const { set, ...connection } = createConnectionStateStore()
  /** The connections without `id`, the next one current when `id` was. */
  function without(id: string) {
    const { connections, current } = connection.getConnectionState()
    const rest = new Map([...connections].filter(([own]) => own !== id))
    const next = current === id ? ([...rest.keys()][0] ?? null) : current
    set({ connections: rest, current: next, status: next ? 'connected' : 'disconnected' })
  }
  return {
    namespace: 'solana',
    family: testChainFamily,
    networks: [testChainNetwork],
    provider,
    getConnectors: () => connectors,
    ...connection,
    async connect(connectorId) {
      const made: Connection = {
        connectorId,
        accounts: [{ address: addressOf(connectorId), type: 'eoa' }],
        chainId: testChainNetwork.id,
      }
      const connections = new Map(connection.getConnectionState().connections).set(connectorId, made)
      set({ connections, current: connectorId, status: 'connected' })
    },
    async disconnect(connectionId) {
      const id = connectionId ?? connection.getConnectionState().current
      if (id) without(id)
    },
    async switchConnection(connectionId) {
      set({ ...connection.getConnectionState(), current: connectionId })
    },
    /** Makes an open connection another family's part (chains/multiChain.ts), as a shared session's is. */
    joinTo(connectorId: string, partOf: NonNullable<Connection['partOf']>) {
      const { connections, ...rest } = connection.getConnectionState()
      const open = connections.get(connectorId)
      if (open) set({ ...rest, connections: new Map(connections).set(connectorId, { ...open, partOf }) })
    },
  }
}
