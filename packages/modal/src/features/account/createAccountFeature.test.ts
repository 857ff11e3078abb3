import type { HistoryItem, HistoryPage, TokenBalance } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountClient } from '../../api/createAccountClient'
import type { Modal, ModalOptions } from '../../app/modal'
import { createChains } from '../../chains/createChains'
import { evmFamily } from '../../chains/evm/evmFamily'
import type { ChainAdapter, ConnectionState, Connector, Network, WalletActions } from '../../chains/types'
import type { BannerController } from '../../kernel/banner'
import { createEnvironment, systemClock } from '../../kernel/environment'
import { createQueryCache } from '../../kernel/queryCache'
import { alice, bob, devnetNetwork } from '../../testing/devnet'
import { memoryStorage } from '../../testing/memoryStorage'
import { createTestChainAdapter } from '../../testing/testChainAdapter'
import {
  NATIVE_BALANCE_CACHE_MS,
  OWN_TRANSACTION_POLL_MS,
  OWN_TRANSACTION_WAIT_MS,
  TOKEN_BALANCE_RETRY_MS,
} from './constants'
import { createAccountFeature } from './createAccountFeature'
import { AccountErrorText } from './errors'
import { BALANCE_CACHE_KEY } from './persistCache'

// The behaviour these tests check: docs/behaviour.md#balances, #activity, #balance and #asset-discovery.

const devnet: Network = { ...devnetNetwork, blockExplorerUrl: 'https://explorer.test/' }

const balance = (symbol: string, numeric: string, decimals = '6'): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  address: `eip155:31337:0x${symbol
    .padEnd(40, '0')
    .slice(0, 40)
    .replace(/[^0-9a-f]/gi, 'a')}`,
  price: 1,
  value: Number(numeric),
  quantity: { decimals, numeric },
  iconUrl: '',
})

const historyItem = (hash: string, spam = false): HistoryItem => ({
  id: hash,
  metadata: {
    operationType: spam ? 'receive' : 'send',
    hash,
    chain: 'eip155:31337',
    minedAt: '2026-11-25T10:00:00.000Z',
    sentFrom: alice,
    sentTo: bob,
    status: 'confirmed',
    nonce: 0,
  },
  transfers: [
    {
      direction: spam ? 'in' : 'out',
      quantity: { numeric: '1' },
      sender: spam ? bob : alice,
      recipient: spam ? alice : bob,
      ...(spam ? { nft_info: { name: 'Free mint', flags: { is_spam: true } } } : {}),
    },
  ],
})

type Storage = { getItem(key: string): string | null; setItem(key: string, value: string): void }

/** The controller over an EVM-namespaced test adapter (alice connected on the devnet), a fake cloud and wallet. */
function harness({
  cloud = {},
  wallet = {},
  storage = memoryStorage(),
  chainId = 31337,
  connector = {
    id: 'testkit',
    type: 'ANNOUNCED',
    name: 'Testkit Wallet',
    chain: 'eip155',
    info: { icon: 'data:,' },
  } as Connector,
}: {
  cloud?: Partial<AccountClient>
  wallet?: Partial<WalletActions>
  storage?: Storage
  chainId?: number
  connector?: Connector
} = {}) {
  const state: ConnectionState = {
    connections: new Map([
      ['c', { connectorId: 'testkit', accounts: [{ address: alice, type: 'eoa' }], chainId }],
    ]),
    current: 'c',
    status: 'connected',
  }
  let connection = state
  const listeners = new Set<() => void>()
  const actions: WalletActions = {
    discoversAssets: vi.fn(async () => false),
    listAssets: vi.fn(async () => []),
    getBalance: vi.fn(async () => ({ value: 1_234_567_000_000_000_000n, decimals: 18, symbol: 'ETH' })),
    prepareTransfer: vi.fn(async (transfer) => ({
      transfer,
      fee: { value: 21_000n, decimals: 18, symbol: 'ETH' },
    })),
    sendTransfer: vi.fn(async () => '0xhash'),
    sendCall: vi.fn(async () => '0xhash'),
    waitForTransaction: vi.fn(async () => ({ hash: '0xhash', status: 'success' as const })),
    signMessage: vi.fn(async () => '0xsignature'),
    ...wallet,
  }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    family: evmFamily,
    networks: [devnet],
    getConnectors: () => [connector],
    getConnectionState: () => connection,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    connect: async () => {},
    disconnect: async () => {
      connection = { connections: new Map(), current: null, status: 'disconnected' }
      for (const listener of listeners) listener()
    },
    loadWalletActions: async () => actions,
  }
  const client: AccountClient = {
    balances: vi.fn(async () => [balance('TUSD', '10')]),
    history: vi.fn(async (): Promise<HistoryPage> => ({ data: [historyItem('0x1')], next: null })),
    nfts: vi.fn(async () => ({ data: [], next: null })),
    identity: vi.fn(async () => ({ name: null, avatar: null })),
    prices: vi.fn(async () => []),
    ...cloud,
  }
  const banner = { show: vi.fn(), hide: vi.fn() } as unknown as BannerController & {
    show: ReturnType<typeof vi.fn>
  }
  const options = { api: { account: async () => client } } as unknown as ModalOptions
  // A second chain family beside the EVM one, for what switching namespace does.
  const chains = createChains([adapter, createTestChainAdapter()])
  const feature = createAccountFeature({
    options,
    env: createEnvironment({ clock: systemClock, storage, matchMedia: undefined }),
    chains,
    banner,
    modal: { navigate: vi.fn() } as unknown as Modal,
    analytics: { track: vi.fn(), reportError: vi.fn() },
    cache: createQueryCache(systemClock),
  })
  return { feature, client, actions, banner, adapter, storage, chains }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Account: Send', () => {
  it('switching namespace empties a half-filled Send: its token, amount and receiver were the other account’s', () => {
    const { feature, chains } = harness()
    feature.send.start()
    feature.send.setAmount('0.5')
    feature.send.setReceiver('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    expect(feature.send.state.getState()).toMatchObject({ amount: '0.5' })
    chains.setActiveNamespace('solana')
    expect(feature.send.state.getState()).toMatchObject({
      token: undefined,
      amount: '',
      receiver: '',
      step: 'form',
    })
  })
})

describe('Account: balances', () => {
  it('follows the connected account: address, explorer link, the wallet it is connected with', () => {
    const { feature } = harness()
    expect(feature.state.getState()).toMatchObject({
      address: alice,
      caipAddress: `eip155:31337:${alice}`,
      status: 'connected',
      addressExplorerUrl: `https://explorer.test/address/${alice}`,
      connectedWalletInfo: { name: 'Testkit Wallet', icon: 'data:,' },
      currentTab: 'tokens',
    })
  })

  it('an e-mail or social login is not "Connected with E-mail": its own panel names how the visitor signed in', () => {
    const { feature } = harness({
      connector: { id: 'testkit', type: 'AUTH', name: 'E-mail', chain: 'eip155' },
    })
    expect(feature.state.getState()).toMatchObject({ address: alice, connectedWalletInfo: undefined })
  })

  it('reads what Account shows first as soon as an account is connected, before Account opens; again for another', async () => {
    const { feature, client, actions, adapter } = harness()
    await vi.waitFor(() => expect(feature.state.getState().tokenBalance).toHaveLength(1))
    expect(feature.state.getState().balance).toBe('1.234 ETH')
    expect(client.balances).toHaveBeenCalledOnce()
    expect(client.history).not.toHaveBeenCalled()
    // Opening Account then reads nothing new: the cache answers.
    await feature.load()
    expect(client.balances).toHaveBeenCalledOnce()
    expect(actions.getBalance).toHaveBeenCalledOnce()

    await adapter.disconnect()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.balances).toHaveBeenCalledOnce()
  })

  it('a failure of that early read is not announced and holds nothing back: opening Account asks again, and says so', async () => {
    const { feature, client, banner } = harness({
      cloud: { balances: vi.fn(async () => Promise.reject(new Error('500'))) },
    })
    await vi.waitFor(() => expect(feature.state.getState().tokenBalanceStatus).toBe('unavailable'))
    expect(banner.show).not.toHaveBeenCalled()
    await feature.load()
    expect(client.balances).toHaveBeenCalledTimes(2)
    expect(banner.show).toHaveBeenCalledOnce()
    await feature.load()
    expect(client.balances).toHaveBeenCalledTimes(2)
  })

  it('shows the native balance truncated to 3 decimals; a failed lookup shows 0.00 ETH', async () => {
    const { feature } = harness()
    await feature.load()
    expect(feature.state.getState().balance).toBe('1.234 ETH')
    const failing = harness({
      wallet: { getBalance: vi.fn(async () => Promise.reject(new Error('rpc down'))) },
    })
    await failing.feature.load()
    expect(failing.feature.state.getState()).toMatchObject({ balance: '0.00 ETH', balanceSymbol: 'ETH' })
  })

  it('the native balance is read once per 30 s for the network and address', async () => {
    const { feature, actions } = harness()
    await Promise.all([feature.load(), feature.load()])
    expect(actions.getBalance).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(NATIVE_BALANCE_CACHE_MS - 1)
    await feature.load()
    expect(actions.getBalance).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    await feature.load()
    expect(actions.getBalance).toHaveBeenCalledTimes(2)
  })

  it('token balances are cached 30 s; identical requests in flight share one; zero-decimal entries are dropped', async () => {
    const { feature, client } = harness({
      cloud: { balances: vi.fn(async () => [balance('TUSD', '10'), balance('ZERO', '3', '0')]) },
    })
    await Promise.all([feature.loadTokens(), feature.loadTokens()])
    expect(client.balances).toHaveBeenCalledOnce()
    expect(feature.state.getState().tokenBalance?.map((token) => token.symbol)).toEqual(['TUSD'])
    await vi.advanceTimersByTimeAsync(29_999)
    await feature.loadTokens()
    expect(client.balances).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    await feature.loadTokens()
    expect(client.balances).toHaveBeenCalledTimes(2)
  })

  it("after a failure: 'Token Balance Unavailable' once, and no request for 30 s", async () => {
    const { feature, client, banner } = harness({
      cloud: { balances: vi.fn(async () => Promise.reject(new Error('500'))) },
    })
    await feature.loadTokens()
    expect(banner.show).toHaveBeenCalledWith({
      variant: 'error',
      message: AccountErrorText.tokenBalanceUnavailable,
    })
    expect(feature.state.getState()).toMatchObject({ tokenBalance: [], tokenBalanceStatus: 'unavailable' })
    await vi.advanceTimersByTimeAsync(TOKEN_BALANCE_RETRY_MS - 1)
    await feature.loadTokens()
    await feature.loadTokens({ force: false })
    expect(client.balances).toHaveBeenCalledOnce()
    expect(banner.show).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    await feature.loadTokens()
    expect(client.balances).toHaveBeenCalledTimes(2)
  })

  it("'Token Balance Unavailable' on a network the site doesn't configure, without asking anyone", async () => {
    const { feature, client, banner } = harness({ chainId: 5 })
    await feature.loadTokens()
    expect(client.balances).not.toHaveBeenCalled()
    expect(banner.show).toHaveBeenCalledWith({
      variant: 'error',
      message: AccountErrorText.tokenBalanceUnavailable,
    })
  })

  it('a wallet that discovers its assets is asked instead of the cloud; a response it refused is unavailable', async () => {
    const usdId = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
    // As the family lists it (chains/evm/assetDiscovery.test.ts reads EIP-7811's answer): no price.
    const { value: _unpriced, ...listed } = balance('TUSD', '5')
    const usd = { ...listed, address: usdId, price: 0 }
    const { feature, client, actions } = harness({
      wallet: { discoversAssets: vi.fn(async () => true), listAssets: vi.fn(async () => [usd]) },
      cloud: {
        prices: vi.fn(async () => [
          { address: usdId, name: 'TestUSD', symbol: 'TUSD', iconUrl: '', price: 1.01 },
        ]),
      },
    })
    await feature.loadTokens()
    expect(client.balances).not.toHaveBeenCalled()
    expect(actions.listAssets).toHaveBeenCalledWith(alice, devnet)
    // The wallet gave no price: the cloud's fills the value.
    expect(client.prices).toHaveBeenCalledWith([usdId])
    expect(feature.state.getState().tokenBalance?.[0]).toMatchObject({
      quantity: { numeric: '5' },
      price: 1.01,
      value: 5.05,
    })

    const refused = harness({
      wallet: { discoversAssets: vi.fn(async () => true), listAssets: vi.fn(async () => undefined) },
    })
    await refused.feature.loadTokens()
    expect(refused.feature.state.getState().tokenBalanceStatus).toBe('unavailable')
    expect(refused.client.balances).not.toHaveBeenCalled()
  })

  it("a wallet whose capabilities can't be read is asked nothing more: the cloud answers", async () => {
    const { feature, client } = harness({
      wallet: { discoversAssets: vi.fn(async () => Promise.reject(new Error('4200'))) },
    })
    await feature.loadTokens()
    expect(client.balances).toHaveBeenCalledOnce()
  })

  it('balances persist in local storage with their time: a reload shows them at once, then refreshes', async () => {
    const storage = memoryStorage()
    const first = harness({ storage })
    await first.feature.load()
    const stored = JSON.parse(storage.getItem(BALANCE_CACHE_KEY) ?? '{}')
    expect(Object.values(stored).every((entry) => typeof (entry as { at: number }).at === 'number')).toBe(
      true,
    )

    const reloaded = harness({ storage, cloud: { balances: vi.fn(async () => [balance('TUSD', '11')]) } })
    expect(reloaded.feature.state.getState()).toMatchObject({ balance: '1.234 ETH' })
    expect(reloaded.feature.state.getState().tokenBalance?.[0]?.quantity.numeric).toBe('10')
    await vi.advanceTimersByTimeAsync(30_000)
    await reloaded.feature.loadTokens()
    expect(reloaded.feature.state.getState().tokenBalance?.[0]?.quantity.numeric).toBe('11')
  })

  it('disconnecting forgets what was read for the account, in memory and in storage', async () => {
    const { feature, adapter, storage } = harness()
    await feature.load()
    await adapter.disconnect()
    expect(feature.state.getState()).toMatchObject({
      address: undefined,
      balance: undefined,
      tokenBalance: undefined,
    })
    expect(Object.keys(JSON.parse(storage.getItem(BALANCE_CACHE_KEY) ?? '{}'))).toEqual([])
  })
})

describe('Account: after a transaction', () => {
  it('reads the tokens past the cloud’s own cache too (forceUpdate), whichever tab is shown', async () => {
    const { feature, client } = harness()
    await feature.setTab('tokens')
    await feature.refresh('0xabc')
    expect(client.balances).toHaveBeenLastCalledWith(alice, { chainId: 'eip155:31337', forceUpdate: true })
    await feature.setTab('activity')
    const asked = vi.mocked(client.balances).mock.calls.length
    await feature.refresh()
    expect(client.balances).toHaveBeenCalledTimes(asked + 1)
    expect(client.balances).toHaveBeenLastCalledWith(alice, { chainId: 'eip155:31337', forceUpdate: true })
  })
})

describe('Account: activity', () => {
  it("a failure shows 'Failed to fetch transactions' and an empty list", async () => {
    const { feature, banner } = harness({
      cloud: { history: vi.fn(async () => Promise.reject(new Error('500'))) },
    })
    await feature.setTab('activity')
    expect(banner.show).toHaveBeenCalledWith({
      variant: 'error',
      message: AccountErrorText.failedToFetchTransactions,
    })
    expect(feature.state.getState().activity).toMatchObject({ status: 'failed', items: [] })
    expect(feature.state.getState().currentTab).toBe('activity')
  })

  it('hides spam and loads the next page by cursor', async () => {
    const history = vi
      .fn()
      .mockResolvedValueOnce({ data: [historyItem('0x1'), historyItem('0x2', true)], next: 'page-2' })
      .mockResolvedValueOnce({ data: [historyItem('0x3')], next: null })
    const { feature, client } = harness({ cloud: { history } })
    await feature.setTab('activity')
    expect(feature.state.getState().activity.items.map((item) => item.id)).toEqual(['0x1'])
    await feature.loadMoreActivity()
    expect(client.history).toHaveBeenLastCalledWith(alice, { chainId: 'eip155:31337', cursor: 'page-2' })
    expect(feature.state.getState().activity).toMatchObject({ next: null, loadingMore: false })
    expect(feature.state.getState().activity.items.map((item) => item.id)).toEqual(['0x1', '0x3'])
    await feature.loadMoreActivity()
    expect(client.history).toHaveBeenCalledTimes(2)
  })

  it('after its own transaction, asks again every second until the indexer lists it, then stops', async () => {
    const history = vi.fn(async () => ({ data: [historyItem('0x1')], next: null }))
    const { feature } = harness({ cloud: { history } })
    await feature.setTab('activity')
    await feature.refresh('0xABC')
    expect(history).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(OWN_TRANSACTION_POLL_MS)
    expect(history).toHaveBeenCalledTimes(3)
    history.mockResolvedValue({ data: [historyItem('0xabc'), historyItem('0x1')], next: null })
    await vi.advanceTimersByTimeAsync(OWN_TRANSACTION_POLL_MS)
    expect(feature.state.getState().activity.items.map((item) => item.id)).toEqual(['0xabc', '0x1'])
    await vi.advanceTimersByTimeAsync(5 * OWN_TRANSACTION_POLL_MS)
    expect(history).toHaveBeenCalledTimes(4)
    // Listed: the page is cached again as any other.
    await feature.setTab('activity')
    expect(history).toHaveBeenCalledTimes(4)
  })

  it('gives up on a transaction the indexer never lists after OWN_TRANSACTION_WAIT_MS', async () => {
    const history = vi.fn(async () => ({ data: [historyItem('0x1')], next: null }))
    const { feature } = harness({ cloud: { history } })
    await feature.setTab('activity')
    await feature.refresh('0xdead')
    await vi.advanceTimersByTimeAsync(OWN_TRANSACTION_WAIT_MS + 5 * OWN_TRANSACTION_POLL_MS)
    const asked = history.mock.calls.length
    expect(asked).toBeLessThanOrEqual(2 + OWN_TRANSACTION_WAIT_MS / OWN_TRANSACTION_POLL_MS)
    await vi.advanceTimersByTimeAsync(10 * OWN_TRANSACTION_POLL_MS)
    expect(history).toHaveBeenCalledTimes(asked)
  })

  it('with Activity closed, asks nothing until it opens, and then not from a page cached before the transaction', async () => {
    const history = vi.fn(async () => ({ data: [historyItem('0x1')], next: null }))
    const { feature } = harness({ cloud: { history } })
    await feature.setTab('activity')
    await feature.setTab('tokens')
    history.mockResolvedValue({ data: [historyItem('0xabc'), historyItem('0x1')], next: null })
    await feature.refresh('0xabc')
    await vi.advanceTimersByTimeAsync(5 * OWN_TRANSACTION_POLL_MS)
    expect(history).toHaveBeenCalledTimes(1)
    await feature.setTab('activity')
    expect(feature.state.getState().activity.items.map((item) => item.id)).toEqual(['0xabc', '0x1'])
  })
})
