import { SEARCH_RESULTS_MAX, type WalletCatalogueEntry } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { generateWalletFixture, seedWallets } from './catalogue/index.js'
import { indexWallets, queryWallets, type WalletQuery, walletQueryKey } from './query.js'

const sorted = (listings: WalletCatalogueEntry[]) =>
  [...listings].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
const seed = indexWallets(sorted(seedWallets()))
const big = indexWallets(sorted([...seedWallets(), ...generateWalletFixture(1000, 1)]))
const page = { page: 1, entries: 40 }

describe('queryWallets', () => {
  it('pages in featured order and counts every match', () => {
    const first = queryWallets(big, { page: 1, entries: 4 })
    expect(first.count).toBe(big.length)
    expect(first.data.map((w) => w.order)).toEqual([...first.data.map((w) => w.order)].sort((a, b) => a - b))
    const second = queryWallets(big, { page: 2, entries: 4 })
    expect(second.data[0]).toEqual({ ...big[4]?.listing, installed: false, display_index: 4 })
    expect(queryWallets(big, { page: 1000, entries: 40 }).data).toEqual([])
  })

  it('searches case-insensitively with prefix matches first', () => {
    const result = queryWallets(seed, { ...page, search: 'WALLET' })
    expect(result.count).toBeGreaterThan(0)
    for (const wallet of result.data) expect(wallet.name.toLowerCase()).toContain('wallet')
    const ranks = result.data.map((w) => {
      const name = w.name.toLowerCase()
      if (name.startsWith('wallet')) return 0
      return name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith('wallet')) ? 1 : 2
    })
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(queryWallets(seed, { ...page, search: 'meta' }).data[0]?.id).toBe('metamask')
    expect(queryWallets(seed, { ...page, search: '  metaMASK ' }).data[0]?.id).toBe('metamask')
  })

  it('answers at most 100 search results', () => {
    const result = queryWallets(big, { page: 1, entries: 100, search: 'fixture' })
    expect(result.count).toBe(SEARCH_RESULTS_MAX)
    expect(queryWallets(big, { page: 3, entries: 40, search: 'fixture' }).data).toHaveLength(20)
    expect(queryWallets(big, { ...page, search: 'no such wallet anywhere' })).toEqual({ data: [], count: 0 })
  })

  it('filters by include, exclude, badge, chains, rdns and names', () => {
    expect(queryWallets(seed, { ...page, include: ['metamask', 'trust'] }).data.map((w) => w.id)).toEqual([
      'metamask',
      'trust',
    ])
    const excluded = queryWallets(seed, { ...page, exclude: ['metamask'] })
    expect(excluded.count).toBe(seed.length - 1)
    expect(excluded.data.some((w) => w.id === 'metamask')).toBe(false)
    for (const w of queryWallets(seed, { ...page, badgeType: 'certified' }).data)
      expect(w.badge_type).toBe('certified')
    for (const w of queryWallets(seed, { ...page, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
      .data) {
      expect(w.chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    }
    expect(queryWallets(seed, { ...page, rdns: ['IO.METAMASK'] }).data.map((w) => w.id)).toEqual(['metamask'])
    expect(queryWallets(seed, { ...page, names: ['metamask'] }).data.map((w) => w.id)).toEqual(['metamask'])
  })

  it('numbers the answer over every page: display_index is the place in the whole answer', () => {
    const indexes = (query: Parameters<typeof queryWallets>[1]) =>
      queryWallets(big, query).data.map((wallet) => wallet.display_index)
    expect(indexes({ page: 1, entries: 3 })).toEqual([0, 1, 2])
    expect(indexes({ page: 3, entries: 3 })).toEqual([6, 7, 8])
    expect(indexes({ page: 2, entries: 40, search: 'fixture' })).toEqual(
      Array.from({ length: 40 }, (_, i) => 40 + i),
    )
  })

  it('answers the wallets of the rdns values the browser announces as installed, and no others', () => {
    const announced = queryWallets(seed, { ...page, rdns: ['io.metamask', 'me.rainbow'] }).data
    expect(announced.length).toBeGreaterThan(0)
    expect(announced.every((wallet) => wallet.installed)).toBe(true)
    expect(queryWallets(seed, page).data.some((wallet) => wallet.installed)).toBe(false)
  })
})

describe('walletQueryKey', () => {
  it('gives queries the same key only when their answers are the same, and equivalent spellings one key', () => {
    const queries: WalletQuery[] = [
      { page: 1, entries: 40 },
      { page: 2, entries: 40 },
      { page: 1, entries: 4 },
      { page: 1, entries: 40, search: '' },
      { page: 1, entries: 40, search: '  ' },
      { page: 1, entries: 40, search: 'meta' },
      { page: 1, entries: 40, search: ' META ' },
      { page: 1, entries: 40, search: 'wallet' },
      { page: 1, entries: 40, badgeType: 'certified' },
      { page: 1, entries: 40, badgeType: 'none' },
      { page: 1, entries: 40, include: [] },
      { page: 1, entries: 40, include: ['metamask', 'rainbow'] },
      { page: 1, entries: 40, exclude: ['metamask'] },
      { page: 1, entries: 40, exclude: [] },
      { page: 1, entries: 40, chains: ['eip155:1'] },
      { page: 1, entries: 40, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
      { page: 1, entries: 40, rdns: [] },
      { page: 1, entries: 40, rdns: ['io.metamask'] },
      { page: 1, entries: 40, rdns: ['IO.MetaMask'] },
      { page: 1, entries: 40, names: ['MetaMask'] },
      { page: 1, entries: 40, names: ['metamask'] },
      { page: 1, entries: 40, names: ['Rainbow'] },
    ]
    const answers = new Map<string, string>()
    for (const query of queries) {
      const answer = JSON.stringify(queryWallets(seed, query))
      const key = walletQueryKey(query)
      expect(answers.get(key) ?? answer, key).toBe(answer)
      answers.set(key, answer)
    }
    // Spelled twice or thrice: no search (3), meta, no include, no exclude, no rdns, io.metamask, metamask.
    expect(answers.size).toBe(queries.length - 8)
  })
})
