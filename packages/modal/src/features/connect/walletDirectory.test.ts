import type { GetWalletsParams, WalletListing, WalletPage } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CloudApi } from '../../api/types'
import { SEARCH_DEBOUNCE_MS, SEARCH_RESULTS_MAX, WALLET_LIST_PAGE_SIZE } from '../../app/constants'
import { walletListing } from '../../testing/walletListing'
import { createWalletDirectory, SEARCH_TERM_MAX_LENGTH } from './walletDirectory'

// The behaviour these tests check: docs/behaviour.md#all-wallets.

function listing(index: number, overrides: Partial<WalletListing> = {}): WalletListing {
  return walletListing({
    id: `wallet-${index}`,
    name: `Wallet ${String(index).padStart(3, '0')}`,
    order: index,
    ...overrides,
  })
}

type Call = { params: GetWalletsParams; signal: AbortSignal | undefined }

/** Our own CloudApi interface over an in-memory directory that pages and searches like the cloud. */
function fakeCloud(wallets: WalletListing[]) {
  const calls: Call[] = []
  let answer = (params: GetWalletsParams): Promise<WalletPage> => {
    const term = params.search?.toLowerCase()
    const rdns = params.rdns
    const matches = wallets.filter(
      (wallet) =>
        (!term || wallet.name.toLowerCase().includes(term)) &&
        (!rdns || (wallet.rdns !== null && rdns.includes(wallet.rdns))),
    )
    const entries = params.entries ?? WALLET_LIST_PAGE_SIZE
    const start = ((params.page ?? 1) - 1) * entries
    return Promise.resolve({ data: matches.slice(start, start + entries), count: matches.length })
  }
  const api: CloudApi = {
    getWallets: (params = {}, signal) => {
      calls.push({ params, signal })
      return answer(params)
    },
    getFeatures: () => Promise.resolve([]),
    getAllowedOrigins: () => Promise.resolve([]),
    walletImageUrl: (id) => `http://cloud.test/getWalletImage/${id}`,
    networkImageUrl: (id) => `http://cloud.test/public/getAssetImage/${id}`,
  }
  return {
    api,
    calls,
    answerWith(next: typeof answer) {
      answer = next
    },
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve
    reject = onReject
  })
  return { promise, resolve, reject }
}

const catalogue = Array.from({ length: 95 }, (_, index) => listing(index + 1))
const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('All Wallets: pages of 40 in featured order', () => {
  it('loads the first page of 40 and knows more wait on the server', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    expect(directory.getState().status).toBe('idle')
    directory.load()
    expect(directory.getState().status).toBe('loading')
    await flush()
    const state = directory.getState()
    expect(state).toMatchObject({ status: 'ready', count: 95, hasMore: true, query: '', error: null })
    expect(state.wallets.map((wallet) => wallet.id)).toEqual(
      catalogue.slice(0, 40).map((wallet) => wallet.id),
    )
    expect(cloud.calls.map((call) => call.params)).toEqual([{ page: 1, entries: WALLET_LIST_PAGE_SIZE }])
  })

  it('load() twice sends one request', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    directory.load()
    await flush()
    directory.load()
    expect(cloud.calls).toHaveLength(1)
  })

  it('loadMore appends the next pages until the count is reached, one request at a time', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    await flush()
    directory.loadMore()
    directory.loadMore()
    await flush()
    expect(directory.getState().wallets).toHaveLength(80)
    directory.loadMore()
    await flush()
    expect(directory.getState()).toMatchObject({ hasMore: false, count: 95 })
    expect(directory.getState().wallets.map((wallet) => wallet.id)).toEqual(
      catalogue.map((wallet) => wallet.id),
    )
    directory.loadMore()
    expect(cloud.calls.map((call) => call.params.page)).toEqual([1, 2, 3])
  })

  it('lists a wallet once when pages overlap', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    await flush()
    // A wallet added in front between two requests shifts page 2 by one: its first entry was on page 1.
    cloud.answerWith(() => Promise.resolve({ data: catalogue.slice(39, 79), count: 96 }))
    directory.loadMore()
    await flush()
    const ids = directory.getState().wallets.map((wallet) => wallet.id)
    expect(ids).toHaveLength(79)
    expect(new Set(ids).size).toBe(79)
  })

  it('installed wallets come first (asked by rdns), then featured order without repeating them', async () => {
    const installed = listing(50, { rdns: 'io.metamask' })
    const wallets = catalogue.map((wallet) => (wallet.id === installed.id ? installed : wallet))
    const cloud = fakeCloud(wallets)
    const directory = createWalletDirectory(cloud.api, { installedRdns: () => ['io.metamask'] })
    directory.load()
    await flush()
    expect(cloud.calls.map((call) => call.params)).toContainEqual({
      rdns: ['io.metamask'],
      entries: SEARCH_RESULTS_MAX,
    })
    const ids = directory.getState().wallets.map((wallet) => wallet.id)
    expect(ids.slice(0, 2)).toEqual(['wallet-50', 'wallet-1'])
    directory.loadMore()
    await flush()
    expect(directory.getState().wallets.filter((wallet) => wallet.id === 'wallet-50')).toHaveLength(1)
  })
})

describe('All Wallets search: up to 100, 300 ms after the last key', () => {
  it('sends one request 300 ms after the last of several quick keys', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    for (const input of ['w', 'wa', 'wal', 'wallet 00']) {
      directory.search(input)
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50)
    }
    expect(directory.getState().input).toBe('wallet 00')
    expect(cloud.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(49)
    expect(cloud.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(cloud.calls.map((call) => call.params)).toEqual([
      { search: 'wallet 00', page: 1, entries: SEARCH_RESULTS_MAX },
    ])
    await flush()
    expect(directory.getState()).toMatchObject({
      query: 'wallet 00',
      count: 9,
      hasMore: false,
      status: 'ready',
    })
  })

  it('a slow older search never overwrites a newer one, and its request is aborted', async () => {
    const cloud = fakeCloud(catalogue)
    const answers = new Map<string, ReturnType<typeof deferred<WalletPage>>>()
    cloud.answerWith((params) => {
      const answer = deferred<WalletPage>()
      answers.set(params.search ?? '', answer)
      return answer.promise
    })
    const directory = createWalletDirectory(cloud.api)
    directory.search('wallet 01')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    directory.search('wallet 02')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    expect(cloud.calls[0]?.signal?.aborted).toBe(true)
    expect(cloud.calls[1]?.signal?.aborted).toBe(false)
    answers.get('wallet 02')?.resolve({ data: [listing(20)], count: 1 })
    await flush()
    answers.get('wallet 01')?.resolve({ data: [listing(10)], count: 1 })
    await flush()
    expect(directory.getState()).toMatchObject({ query: 'wallet 02', status: 'ready' })
    expect(directory.getState().wallets.map((wallet) => wallet.id)).toEqual(['wallet-20'])
  })

  it('an empty result is a ready state with no wallets', async () => {
    const directory = createWalletDirectory(fakeCloud(catalogue).api)
    directory.search('no such wallet')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    expect(directory.getState()).toMatchObject({
      status: 'ready',
      count: 0,
      wallets: [],
      query: 'no such wallet',
    })
  })

  it('clearing the search shows the pages already loaded, without a request', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    await flush()
    directory.loadMore()
    await flush()
    directory.search('wallet 001')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    expect(directory.getState().wallets).toHaveLength(1)
    directory.search('  ')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    expect(directory.getState()).toMatchObject({ query: '', count: 95, hasMore: true, status: 'ready' })
    expect(directory.getState().wallets).toHaveLength(80)
    expect(cloud.calls).toHaveLength(3)
  })

  it(`cuts a search term to the cloud's ${SEARCH_TERM_MAX_LENGTH} characters instead of failing`, async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.search('x'.repeat(500))
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    expect(cloud.calls[0]?.params.search).toHaveLength(SEARCH_TERM_MAX_LENGTH)
  })

  it('reset empties the search box and shows the whole directory', async () => {
    const directory = createWalletDirectory(fakeCloud(catalogue).api)
    directory.load()
    await flush()
    directory.search('wallet 001')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    directory.reset()
    expect(directory.getState()).toMatchObject({ input: '', query: '', count: 95 })
    expect(directory.getState().wallets).toHaveLength(40)
  })
})

describe('All Wallets errors', () => {
  it('keeps the failure for the view and retries the same request', async () => {
    const cloud = fakeCloud(catalogue)
    const failure = new Error('The cloud at http://cloud.test can’t be reached')
    cloud.answerWith(() => Promise.reject(failure))
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    await flush()
    expect(directory.getState()).toMatchObject({ status: 'error', error: failure, wallets: [] })
    cloud.answerWith(() => Promise.resolve({ data: catalogue.slice(0, 40), count: 95 }))
    directory.retry()
    await flush()
    expect(directory.getState()).toMatchObject({ status: 'ready', error: null, count: 95 })
    expect(cloud.calls.map((call) => call.params)).toEqual([
      { page: 1, entries: WALLET_LIST_PAGE_SIZE },
      { page: 1, entries: WALLET_LIST_PAGE_SIZE },
    ])
  })

  it('a failed next page keeps the wallets already shown', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    await flush()
    cloud.answerWith(() => Promise.reject('offline'))
    directory.loadMore()
    await flush()
    expect(directory.getState().status).toBe('error')
    expect(directory.getState().error?.message).toBe('offline')
    expect(directory.getState().wallets).toHaveLength(40)
  })

  it('destroy aborts the request in flight and drops its answer', async () => {
    const cloud = fakeCloud(catalogue)
    const directory = createWalletDirectory(cloud.api)
    directory.load()
    directory.destroy()
    await flush()
    expect(cloud.calls[0]?.signal?.aborted).toBe(true)
    expect(directory.getState().status).toBe('loading')
  })

  it('finds a listing it has shown by id', async () => {
    const directory = createWalletDirectory(fakeCloud(catalogue).api)
    directory.load()
    await flush()
    expect(directory.find('wallet-7')?.name).toBe('Wallet 007')
    expect(directory.find('wallet-90')).toBeUndefined()
  })
  it('looks up a listing it has not shown by id, once', async () => {
    const cloud = fakeCloud(catalogue)
    cloud.answerWith((params) =>
      Promise.resolve({ data: catalogue.filter((wallet) => params.include?.includes(wallet.id)), count: 1 }),
    )
    const directory = createWalletDirectory(cloud.api)
    expect((await directory.lookup('wallet-90'))?.name).toBe('Wallet 090')
    expect(directory.find('wallet-90')?.name).toBe('Wallet 090')
    await directory.lookup('wallet-90')
    expect(await directory.lookup('nope')).toBeUndefined()
    expect(cloud.calls.map((call) => call.params)).toEqual([
      { include: ['wallet-90'], entries: 1 },
      { include: ['nope'], entries: 1 },
    ])
  })
})
