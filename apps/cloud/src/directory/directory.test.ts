import type { WalletCatalogueEntry } from '@allaccess/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seedWallets } from './catalogue/index.js'
import { type WalletAnswer, WalletDirectory } from './directory.js'
import type { DirectoryStore } from './store.js'

/** A store whose table and revision the test replaces, as an import by another process would. */
function fakeStore(listings: WalletCatalogueEntry[]) {
  const state = { listings, revision: '1' }
  const store = {
    revision: async () => state.revision,
    listings: async () => state.listings,
  } as unknown as DirectoryStore
  return { store, state }
}

const render = vi.fn(({ count, data }: WalletAnswer) =>
  Buffer.from(JSON.stringify({ count, ids: data.map((wallet) => wallet.id) })),
)
const idsOf = (body: Buffer) => (JSON.parse(body.toString()) as { ids: string[] }).ids

describe('WalletDirectory.answer', () => {
  afterEach(() => {
    vi.useRealTimers()
    render.mockClear()
  })

  it('renders a query once per snapshot: the same query, however spelled, gets the same bytes', async () => {
    const { store } = fakeStore(seedWallets())
    const directory = new WalletDirectory(store)
    await directory.reload()
    const first = directory.answer('v', { page: 1, entries: 4, search: 'meta' }, render)
    expect(directory.answer('v', { page: 1, entries: 4, search: ' META ' }, render)).toBe(first)
    expect(render).toHaveBeenCalledTimes(1)
    expect(idsOf(first)).toContain('metamask')
    const otherVariant = directory.answer('w', { page: 1, entries: 4, search: 'meta' }, render)
    expect(otherVariant).not.toBe(first)
    expect(render).toHaveBeenCalledTimes(2)
  })

  it('renders again once the table changed, whether reloaded here or seen at the next revision check', async () => {
    vi.useFakeTimers()
    const { store, state } = fakeStore(seedWallets())
    const directory = new WalletDirectory(store)
    await directory.reload()
    const query = { page: 1, entries: 40, search: 'zebra' }
    expect(idsOf(directory.answer('v', query, render))).toEqual([])

    const [template] = seedWallets()
    if (!template) throw new Error('empty seed')
    state.listings = [...seedWallets(), { ...template, id: 'zebra', name: 'Zebra Wallet' }]
    state.revision = '2'
    vi.advanceTimersByTime(1001)
    // The snapshot answering meanwhile is the old one; the next answer is the new table's.
    expect(idsOf(directory.answer('v', query, render))).toEqual([])
    await directory.settled()
    expect(idsOf(directory.answer('v', query, render))).toEqual(['zebra'])

    state.listings = seedWallets()
    await directory.reload()
    expect(idsOf(directory.answer('v', query, render))).toEqual([])
  })
})
