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
  parseAddress(input) {
    const address = input.trim()
    return TEST_ADDRESS.test(address) ? { address } : { problem: 'invalidReceiver' }
  },
  explorerUrl: (network, kind, id) =>
    network.blockExplorerUrl ? `${network.blockExplorerUrl}/${kind}/${id}` : undefined,
  signInMessage: async (data) =>
    `${data.domain} wants you to sign in with your Test Chain account:\n${data.accountAddress}\n\nNonce: ${data.nonce}`,
}

/**
 * A second chain adapter for tests, written only against ChainAdapterBase: one connector that connects at
 * once to one address. It proves a chain family is added beside EVM without touching the EVM adapter.
 */
export function createTestChainAdapter(): ChainAdapter & { provider: { request(): Promise<unknown> } } {
  const provider = { request: async () => testChainAddress }
  const connectors = [
    {
      id: 'test-wallet',
      type: 'ANNOUNCED' as const,
      name: 'Test Wallet',
      chain: 'solana' as const,
      getProvider: async () => provider,
    },
  ]
  const { set, ...connection } = createConnectionStateStore()
  return {
    namespace: 'solana',
    family: testChainFamily,
    networks: [testChainNetwork],
    provider,
    getConnectors: () => connectors,
    ...connection,
    async connect(connectorId) {
      const connection: Connection = {
        connectorId,
        accounts: [{ address: testChainAddress, type: 'eoa' }],
        chainId: testChainNetwork.id,
      }
      set({ connections: new Map([['test', connection]]), current: 'test', status: 'connected' })
    },
    async disconnect() {
      set({ connections: new Map(), current: null, status: 'disconnected' })
    },
  }
}
