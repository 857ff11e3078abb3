import type { WalletListing } from '@allaccess/protocol'
import type { CloudApi } from '../../api/types'
import { SEARCH_DEBOUNCE_MS, SEARCH_RESULTS_MAX, WALLET_LIST_PAGE_SIZE } from '../../app/constants'
import { DirectoryError } from '../../kernel/errors'
import { createStore } from '../../kernel/store'

/** The cloud refuses longer search terms (400); longer input is cut rather than turned into an error. */
export const SEARCH_TERM_MAX_LENGTH = 100

export type WalletDirectoryState = {
  /** What the search box holds; the list follows it SEARCH_DEBOUNCE_MS after the last change. */
  input: string
  /** The search the shown wallets answer; '' is the whole directory, installed first, then featured order. */
  query: string
  wallets: readonly WalletListing[]
  /** How many wallets the cloud has for `query` (a search answers at most SEARCH_RESULTS_MAX). */
  count: number
  /** More pages wait on the server (never while searching: one request answers a whole search). */
  hasMore: boolean
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** The failure of the last request, shown with a retry; null otherwise. */
  error: Error | null
}

export type WalletDirectoryOptions = {
  /** rdns of the wallets the browser announced: their listings come first (docs/behaviour.md#all-wallets). */
  installedRdns?: () => readonly string[]
  /** A request failed (an aborted one did not): reported, while the view offers a retry. */
  onError?: (error: Error) => void
}

export type WalletDirectory = ReturnType<typeof createWalletDirectory>

type Listing = { wallets: WalletListing[]; count: number; pages: number }

const INITIAL: WalletDirectoryState = {
  input: '',
  query: '',
  wallets: [],
  count: 0,
  hasMore: false,
  status: 'idle',
  error: null,
}

/**
 * The All Wallets list (docs/behaviour.md#all-wallets: pages of 40, a search answers up to 100 and waits 300 ms after the last key).
 * Every request gets its own AbortSignal and a newer one aborts it, so a slow old answer never lands.
 */
export function createWalletDirectory(api: CloudApi, options: WalletDirectoryOptions = {}) {
  const store = createStore<WalletDirectoryState>(INITIAL)
  const known = new Map<string, WalletListing>()
  let browse: Listing | undefined
  let controller: AbortController | undefined
  let debounce: ReturnType<typeof setTimeout> | undefined
  let lastRequest: (() => void) | undefined

  const show = (query: string, listing: Listing) =>
    store.setState({
      query,
      wallets: listing.wallets,
      count: listing.count,
      hasMore: query === '' && listing.pages * WALLET_LIST_PAGE_SIZE < listing.count,
      status: 'ready',
      error: null,
    })

  /** Runs one request as the only live one; its answer is applied only if no newer request started. */
  function request(run: (signal: AbortSignal) => Promise<{ query: string; listing: Listing }>) {
    controller?.abort()
    const current = new AbortController()
    controller = current
    lastRequest = () => request(run)
    store.setState({ status: 'loading', error: null })
    run(current.signal).then(
      ({ query, listing }) => {
        if (current.signal.aborted) return
        for (const wallet of listing.wallets) known.set(wallet.id, wallet)
        if (query === '') browse = listing
        show(query, listing)
      },
      (failure: unknown) => {
        if (current.signal.aborted) return
        const error =
          failure instanceof Error
            ? failure
            : new DirectoryError('loadFailed', { cause: failure, text: String(failure) })
        store.setState({ status: 'error', error })
        options.onError?.(error)
      },
    )
  }

  function loadFirstPage() {
    request(async (signal) => {
      const rdns = [...(options.installedRdns?.() ?? [])]
      const [installed, first] = await Promise.all([
        rdns.length > 0 ? api.getWallets({ rdns, entries: SEARCH_RESULTS_MAX }, signal) : undefined,
        api.getWallets({ page: 1, entries: WALLET_LIST_PAGE_SIZE }, signal),
      ])
      const wallets = appendUnique(installed?.data ?? [], first.data)
      return { query: '', listing: { wallets, count: first.count, pages: 1 } }
    })
  }

  function searchNow(query: string) {
    request(async (signal) => {
      const found = await api.getWallets({ search: query, page: 1, entries: SEARCH_RESULTS_MAX }, signal)
      return { query, listing: { wallets: found.data, count: found.count, pages: 1 } }
    })
  }

  /** Shows the whole directory: from memory when a page was loaded before, else from the cloud. */
  function showBrowse() {
    controller?.abort()
    if (browse) show('', browse)
    else loadFirstPage()
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    /** Loads the first page unless the list is already there or on its way. */
    load() {
      if (store.getState().status === 'idle') loadFirstPage()
    },

    /** The next page of the whole directory; ignored while a request runs or when all pages are in. */
    loadMore() {
      const { status, hasMore, query } = store.getState()
      if (status !== 'ready' || !hasMore || query !== '' || !browse) return
      const loaded = browse
      request(async (signal) => {
        const page = loaded.pages + 1
        const next = await api.getWallets({ page, entries: WALLET_LIST_PAGE_SIZE }, signal)
        const wallets = appendUnique(loaded.wallets, next.data)
        return { query: '', listing: { wallets, count: next.count, pages: page } }
      })
    },

    /** Takes the search box's text; the request goes out SEARCH_DEBOUNCE_MS after the last call. */
    search(input: string) {
      store.setState({ input })
      clearTimeout(debounce)
      const query = input.trim().slice(0, SEARCH_TERM_MAX_LENGTH)
      debounce = setTimeout(() => {
        const { query: shown, status } = store.getState()
        if (query === shown && status === 'ready') return
        if (query === '') showBrowse()
        else searchNow(query)
      }, SEARCH_DEBOUNCE_MS)
    },

    /** Repeats the request that failed. */
    retry() {
      if (store.getState().status === 'error') lastRequest?.()
    },

    /** Back to the whole directory with an empty search box, keeping the pages already loaded. */
    reset() {
      clearTimeout(debounce)
      store.setState({ input: '' })
      if (browse) showBrowse()
      else {
        controller?.abort()
        store.setState(INITIAL)
      }
    },

    /** A listing this directory has shown, by id. */
    find: (id: string): WalletListing | undefined => known.get(id),

    /** A listing by id: from memory, else asked of the cloud; undefined when the directory has no such id. */
    async lookup(id: string): Promise<WalletListing | undefined> {
      const cached = known.get(id)
      if (cached) return cached
      const { data } = await api.getWallets({ include: [id], entries: 1 })
      const found = data.find((wallet) => wallet.id === id)
      if (found) known.set(id, found)
      return found
    },

    destroy() {
      clearTimeout(debounce)
      controller?.abort()
    },
  }
}

/** Pages may overlap when the directory changes between requests: a wallet is listed once. */
function appendUnique(first: readonly WalletListing[], more: readonly WalletListing[]): WalletListing[] {
  const seen = new Set(first.map((wallet) => wallet.id))
  const added = more.filter((wallet) => {
    if (seen.has(wallet.id)) return false
    seen.add(wallet.id)
    return true
  })
  return [...first, ...added]
}
