import type { WalletListing } from '@allaccess/protocol'
import { CloudUnreachableError } from '../../api/errors'
import type { CloudApi } from '../../api/types'
import { FEATURED_PAGE_SIZE, RETRY_GAP_MS } from '../../app/constants'
import type { Connector } from '../../chains/types'
import { createStore } from '../../kernel/store'
import {
  type KeyValueStorage,
  type RecentWallet,
  readRecentWallets,
  rememberRecentWallet,
} from './recentWallets'
import { buildWalletSections, type WalletOption, type WalletSection } from './walletSections'

export type WalletPickerOptions = {
  api?: CloudApi
  /** Directory ids shown as featured, in this order. */
  featuredWalletIds?: readonly string[]
  /** Wallets of the app's own, listed in the custom section. */
  customWallets?: readonly WalletListing[]
  /** Left out everywhere, by id, rdns or name. */
  excludeWallets?: readonly string[]
  /** The connector-type (section) order; the spec's order by default. */
  walletSectionOrder?: readonly WalletSection[]
  storage?: KeyValueStorage
  /** The clock the retry gap is measured with. */
  now?: () => number
}

type PickerState = {
  featured: WalletListing[]
  recommended: WalletListing[]
  recent: RecentWallet[]
  /** The directory's last answer failed: the list lacks its wallets until it answers again. */
  directoryUnavailable: boolean
  /**
   * That failure was the cloud not answering at all (no HTTP answer): what else needs it, the e-mail and social
   * logins, can't work either until it answers again.
   */
  cloudUnreachable: boolean
}

/**
 * The Connect view's wallet list: installed and recent wallets from the adapters and storage, featured and
 * recommended ones from the directory (docs/behaviour.md#wallet-picker: at most 4 rows of both), combined by the
 * rules of walletSections.
 */
export function createWalletPicker(
  options: WalletPickerOptions,
  context: {
    getConnectors: () => Connector[]
    isMobile: () => boolean
    /** The directory failed (reported; the sections stay empty). */
    onError: (error: unknown) => void
  },
) {
  const store = createStore<PickerState>({
    featured: [],
    recommended: [],
    recent: readRecentWallets(options.storage),
    directoryUnavailable: false,
    cloudUnreachable: false,
  })
  let loading: Promise<void> | undefined
  let failedAt = Number.NEGATIVE_INFINITY
  const now = options.now ?? Date.now
  let memo: { state: PickerState; connectors: Connector[]; options: WalletOption[] } | undefined

  /** Fetches featured and recommended listings once; a failure leaves those sections empty, never broken. */
  function load(): Promise<void> {
    const { api } = options
    if (!api) return Promise.resolve()
    // After a failure the directory is asked again on a later open, but not sooner than the retry gap.
    if (!loading && now() - failedAt < RETRY_GAP_MS) return Promise.resolve()
    loading ??= (async () => {
      const featuredIds = [...(options.featuredWalletIds ?? [])]
      const [featured, recommended] = await Promise.all([
        featuredIds.length > 0
          ? api.getWallets({ include: featuredIds, entries: FEATURED_PAGE_SIZE })
          : Promise.resolve({ data: [], count: 0 }),
        api.getWallets({ page: 1, entries: FEATURED_PAGE_SIZE + featuredIds.length, exclude: featuredIds }),
      ])
      const byFeaturedOrder = (listing: WalletListing) => featuredIds.indexOf(listing.id)
      store.setState({
        featured: [...featured.data].sort((a, b) => byFeaturedOrder(a) - byFeaturedOrder(b)),
        recommended: recommended.data.slice(0, FEATURED_PAGE_SIZE),
        directoryUnavailable: false,
        cloudUnreachable: false,
      })
    })().catch((error: unknown) => {
      loading = undefined
      failedAt = now()
      store.setState({
        directoryUnavailable: true,
        cloudUnreachable: error instanceof CloudUnreachableError,
      })
      console.warn('Wallet directory unavailable', error)
      context.onError(error)
    })
    return loading
  }

  function getOptions(): WalletOption[] {
    const state = store.getState()
    const connectors = context.getConnectors()
    if (memo && memo.state === state && memo.connectors === connectors) return memo.options
    const built = buildWalletSections({
      connectors,
      recent: state.recent,
      featured: state.featured,
      recommended: state.recommended,
      custom: options.customWallets ?? [],
      excluded: options.excludeWallets ?? [],
      isMobile: context.isMobile(),
      ...(options.walletSectionOrder ? { order: options.walletSectionOrder } : {}),
    })
    memo = { state, connectors, options: built }
    return built
  }

  return {
    subscribe: store.subscribe,
    getState: store.getState,
    load,
    getOptions,
    remember(wallet: RecentWallet) {
      store.setState({ recent: rememberRecentWallet(options.storage, wallet) })
    },
  }
}

export type WalletPicker = ReturnType<typeof createWalletPicker>
