import { describe, expect, it, vi } from 'vitest'
import { createConnectionStateStore } from '../testing/connectionStateStore'
import { alice } from '../testing/devnet'
import { memoryStorage } from '../testing/memoryStorage'
import { testChainAddress, testChainSecondAddress } from '../testing/testChainAdapter'
import { CURRENT_CONNECTION_KEY } from './connectionRules'
import { createChains } from './createChains'
import { partsOf } from './multiChain'
import { restoreCurrent } from './restoreCurrent'
import type { ChainAdapter, ChainNamespace, Connection, Connector } from './types'

// The behaviour these tests check: docs/behaviour.md#chains (a WalletConnect session across namespaces is one
// connection of type MULTI_CHAIN).

const SESSION = 'walletConnect'
const SOLANA_PART = 'walletconnect:solana'

/**
 * An adapter of `namespace` whose connections are set by the test; `ends` ends one (as its wallet would), and
 * `also` hears each end (the shared session ending the other family's part).
 */
function storeAdapter(namespace: ChainNamespace, connectors: Connector[], also = (_id: string) => {}) {
  const { set, ...store } = createConnectionStateStore()
  const ends = vi.fn((id: string) => {
    const { connections, current } = store.getConnectionState()
    const rest = new Map([...connections].filter(([own]) => own !== id))
    const next = current === id ? ([...rest.keys()][0] ?? null) : current
    set({ connections: rest, current: next, status: next ? 'connected' : 'disconnected' })
    also(id)
  })
  const adapter = {
    namespace,
    networks: [],
    getConnectors: () => connectors,
    ...store,
    async connect() {},
    disconnect: async (id?: string) => ends(id ?? store.getConnectionState().current ?? ''),
    switchConnection: vi.fn(async (id: string) => set({ ...store.getConnectionState(), current: id })),
  } satisfies ChainAdapter
  /** Opens a connection of `connectorId`, current from now on. */
  function open(connectorId: string, connection: Omit<Connection, 'connectorId'>) {
    const connections = new Map(store.getConnectionState().connections).set(connectorId, {
      connectorId,
      ...connection,
    })
    set({ connections, current: connectorId, status: 'connected' })
  }
  return { adapter, open, ends }
}

const connector = (id: string, chain: ChainNamespace, type: Connector['type']): Connector => ({
  id,
  type,
  name: id,
  chain,
})

/** EVM with an extension and WalletConnect, Solana with another wallet and the session's Solana part. */
function sessionChains(storage = memoryStorage()) {
  const solana = storeAdapter('solana', [
    connector('phantom', 'solana', 'ANNOUNCED'),
    connector(SOLANA_PART, 'solana', 'MULTI_CHAIN'),
  ])
  // The session's end reaches the Solana part, as WalletConnect's shared session tells the Solana family.
  const evm = storeAdapter(
    'eip155',
    [connector('extension', 'eip155', 'ANNOUNCED'), connector(SESSION, 'eip155', 'WALLET_CONNECT')],
    (id) => id === SESSION && solana.ends(SOLANA_PART),
  )
  const chains = createChains([evm.adapter, solana.adapter])
  const stopRestore = restoreCurrent({ chains, storage, report: () => {} })
  const pair = () => {
    evm.open(SESSION, { accounts: [{ address: alice, type: 'eoa' }], chainId: 31337 })
    solana.open(SOLANA_PART, {
      accounts: [{ address: testChainAddress, type: 'eoa' }],
      chainId: 'test-devnet',
      partOf: { namespace: 'eip155', connectorId: SESSION },
    })
  }
  return { chains, evm, solana, pair, stopRestore }
}

describe('a WalletConnect session with eip155 and solana accounts', () => {
  it('is one connection of type MULTI_CHAIN, its accounts in both namespaces, current in both', () => {
    const { chains, pair } = sessionChains()
    pair()
    const { connections, current } = chains.getConnections()
    expect([...connections.keys()]).toEqual([`eip155/${SESSION}`])
    const [joined] = connections.values()
    expect(joined?.connector).toMatchObject({ id: SESSION, type: 'MULTI_CHAIN' })
    expect(joined?.accounts.map((account) => account.address)).toEqual([alice, testChainAddress])
    expect(joined && partsOf(joined).map((part) => part.id)).toEqual([
      `eip155/${SESSION}`,
      `solana/${SOLANA_PART}`,
    ])
    expect(current).toEqual({ eip155: `eip155/${SESSION}`, solana: `eip155/${SESSION}` })
    // Each namespace's account is its own part's, read from the one connection.
    expect(chains.getAccount('eip155')).toMatchObject({ address: alice, connectionId: `eip155/${SESSION}` })
    expect(chains.getAccount('solana')).toMatchObject({
      address: testChainAddress,
      connectionId: `eip155/${SESSION}`,
      connector: { type: 'MULTI_CHAIN' },
    })
    // The same objects until something changes.
    expect(chains.getConnections()).toBe(chains.getConnections())
    expect(chains.getAccount('solana')).toBe(chains.getAccount('solana'))
  })

  it('a part whose owner is not open (a reload reconnecting the families one by one) stays a connection of its own', () => {
    const { chains, solana } = sessionChains()
    solana.open(SOLANA_PART, {
      accounts: [{ address: testChainAddress, type: 'eoa' }],
      chainId: 'test-devnet',
      partOf: { namespace: 'eip155', connectorId: SESSION },
    })
    expect([...chains.getConnections().connections.keys()]).toEqual([`solana/${SOLANA_PART}`])
    expect(chains.getAccount('solana').connectionId).toBe(`solana/${SOLANA_PART}`)
  })

  it('is ended by its owner once: its parts in both namespaces go with it, the others stay', async () => {
    const { chains, evm, solana, pair } = sessionChains()
    evm.open('extension', { accounts: [{ address: alice, type: 'eoa' }], chainId: 31337 })
    pair()
    await chains.disconnect(`eip155/${SESSION}`)
    expect(evm.ends.mock.calls).toEqual([[SESSION]])
    expect(solana.ends.mock.calls).toEqual([[SOLANA_PART]])
    expect([...chains.getConnections().connections.keys()]).toEqual(['eip155/extension'])
    expect(chains.getConnections().current).toEqual({ eip155: 'eip155/extension' })
    expect(chains.getAccount('solana').status).toBe('disconnected')
  })

  it('made current, is current in each of its namespaces; the active namespace stays when it is one of them', async () => {
    const { chains, evm, solana, pair } = sessionChains()
    pair()
    evm.open('extension', { accounts: [{ address: alice, type: 'eoa' }], chainId: 31337 })
    solana.open('phantom', { accounts: [{ address: testChainSecondAddress, type: 'eoa' }], chainId: 't' })
    chains.setActiveNamespace('solana')
    await chains.switchConnection(`eip155/${SESSION}`)
    expect(evm.adapter.switchConnection).toHaveBeenCalledWith(SESSION)
    expect(solana.adapter.switchConnection).toHaveBeenCalledWith(SOLANA_PART)
    expect(chains.getConnections().current).toEqual({
      eip155: `eip155/${SESSION}`,
      solana: `eip155/${SESSION}`,
    })
    expect(chains.state.getState().activeNamespace).toBe('solana')
    expect(chains.getAccount().address).toBe(testChainAddress)
  })

  it("keeps each namespace's current one by its part's key, for the next page", () => {
    const storage = memoryStorage()
    const { pair } = sessionChains(storage)
    pair()
    expect(JSON.parse(storage.getItem(CURRENT_CONNECTION_KEY) ?? '{}')).toEqual({
      eip155: `eip155/${SESSION}`,
      solana: `solana/${SOLANA_PART}`,
    })
  })
})
