import { SEARCH_RESULTS_MAX, type WalletCatalogueEntry, type WalletListing } from '@allaccess/protocol'

export type WalletQuery = {
  page: number
  entries: number
  search?: string | undefined
  badgeType?: 'certified' | 'none' | undefined
  include?: string[] | undefined
  exclude?: string[] | undefined
  chains?: string[] | undefined
  rdns?: string[] | undefined
  names?: string[] | undefined
}

/** A listing prepared once per snapshot for cheap filtering. */
export type IndexedWallet = {
  listing: WalletCatalogueEntry
  name: string
  words: string[]
  chains: Set<string>
}

export function indexWallets(listings: readonly WalletCatalogueEntry[]): IndexedWallet[] {
  return listings.map((listing) => {
    const name = listing.name.toLowerCase()
    return {
      listing,
      name,
      words: name.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
      chains: new Set(listing.chains),
    }
  })
}

/** 0: the name starts with the term, 1: a word of it does, 2: it contains the term; undefined: no match. */
function rank(wallet: IndexedWallet, term: string): number | undefined {
  if (wallet.name.startsWith(term)) return 0
  if (wallet.words.some((word) => word.startsWith(term))) return 1
  return wallet.name.includes(term) ? 2 : undefined
}

/**
 * The query as `queryWallets` reads it, as a string: two queries with the same key have the same answer (the
 * search term trimmed and lowercased, rdns and names lowercased, empty lists as none).
 */
export function walletQueryKey(query: WalletQuery): string {
  const list = (values: string[] | undefined) => (values?.length ? values : null)
  const lower = (values: string[] | undefined) => list(values)?.map((value) => value.toLowerCase()) ?? null
  return JSON.stringify([
    query.page,
    query.entries,
    query.search?.trim().toLowerCase() || null,
    query.badgeType ?? null,
    list(query.include),
    list(query.exclude),
    list(query.chains),
    lower(query.rdns),
    lower(query.names),
  ])
}

function lowerSet(values: string[] | undefined): Set<string> | undefined {
  return values && values.length > 0 ? new Set(values.map((value) => value.toLowerCase())) : undefined
}

/**
 * Filters, ranks and pages wallets that are already in featured order (`order`, then name). A search is
 * case-insensitive, puts prefix matches first and is cut to SEARCH_RESULTS_MAX before paging. Each answered
 * wallet carries its place in the whole answer (`display_index`) and whether the asking browser has it
 * (`installed`: the query named the rdns values the browser announces, and only those wallets answer).
 */
export function queryWallets(
  wallets: readonly IndexedWallet[],
  query: WalletQuery,
): { data: Omit<WalletListing, 'image_url'>[]; count: number } {
  const include = query.include?.length ? new Set(query.include) : undefined
  const exclude = new Set(query.exclude ?? [])
  const rdns = lowerSet(query.rdns)
  const names = lowerSet(query.names)
  const chains = query.chains?.length ? query.chains : undefined
  let matches = wallets.filter(
    ({ listing, name, chains: supported }) =>
      (!include || include.has(listing.id)) &&
      !exclude.has(listing.id) &&
      (!query.badgeType || listing.badge_type === query.badgeType) &&
      (!rdns || (listing.rdns !== null && rdns.has(listing.rdns.toLowerCase()))) &&
      (!names || names.has(name)) &&
      (!chains || chains.some((chain) => supported.has(chain))),
  )
  const term = query.search?.trim().toLowerCase()
  if (term) {
    matches = matches
      .map((wallet, position) => ({ wallet, position, rank: rank(wallet, term) }))
      .filter((hit): hit is typeof hit & { rank: number } => hit.rank !== undefined)
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .slice(0, SEARCH_RESULTS_MAX)
      .map((hit) => hit.wallet)
  }
  const start = (query.page - 1) * query.entries
  return {
    data: matches.slice(start, start + query.entries).map((wallet, index) => ({
      ...wallet.listing,
      installed: rdns !== undefined,
      display_index: start + index,
    })),
    count: matches.length,
  }
}
