/**
 * The modal's constants (docs/behaviour.md#constants), each named once. Durations are in milliseconds. A
 * feature's own constants live next to it and are re-exported here, so `constants` stays one catalogue.
 */

/** The directory's page size and search cap are the cloud's, one contract with it (@allaccess/protocol). */
export { SEARCH_RESULTS_MAX, WALLET_PAGE_SIZE as WALLET_LIST_PAGE_SIZE } from '@allaccess/protocol'
export { DEFAULT_CHAIN } from '../chains/constants'
export {
  DEFAULT_BALANCE,
  DEFAULT_BALANCE_SYMBOL,
  IDENTITY_CACHE_MS,
  NATIVE_BALANCE_CACHE_MS,
  PENDING_TRANSACTION_POLL_LIMIT,
  PENDING_TRANSACTION_POLL_MS,
  PORTFOLIO_CACHE_MS,
  RECEIPT_CONFIRMATIONS,
  RECEIPT_RETRY_COUNT,
  RECEIPT_RETRY_DELAY_MS,
  RECEIPT_WAIT_TIMEOUT_MS,
  SEND_RECEIPT_WAIT_MS,
  TOKEN_BALANCE_RETRY_MS,
} from '../features/account/constants'
export { NAME_LOOKUP_CACHE_MS } from '../features/names/constants'
export { SHAKE_MS } from '../features/shell/constants'
export {
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
  PAIRING_LINK_TIMEOUT_MS,
} from '../features/walletConnect/constants'
export {
  BALANCE_DISPLAY_DECIMALS,
  BANNER_AUTO_HIDE_MS,
  BANNER_ERROR_HIDE_MS,
  BANNER_REPLACEMENT_DELAY_MS,
  BIG_DECIMAL_PLACES,
} from '../kernel/constants'

export const MODAL_WIDTH_PX = 360
/** On viewports this wide or narrower the dialog is a full-width bottom sheet instead. */
export const BOTTOM_SHEET_MAX_VIEWPORT_PX = 430

/** The wallet picker asks the directory again no sooner than this after a failure. */
export const RETRY_GAP_MS = 1_000

export const RECENT_WALLETS_KEPT = 2
export const FEATURED_PAGE_SIZE = 4
export const WALLET_LIST_EAGER_IMAGES = 20
export const SEARCH_DEBOUNCE_MS = 300
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
/**
 * Not in the spec: how long the first open's spinner waits for the cloud's configuration and directory wallets
 * before painting the Connect view without them (docs/behaviour.md#opening).
 */
export const FIRST_OPEN_WAIT_MS = 2_000

/** Named once, by the analytics service that throttles error reports. */
export { ERROR_REPORT_WINDOW_MS, ERROR_REPORTS_PER_WINDOW } from '../kernel/analytics/constants'

export const ANIMATION_HEADER_TEXT_MS = 120
export const ANIMATION_MODAL_HEIGHT_MS = 150
export const ANIMATION_VIEW_TRANSITION_MS = 150

export const MULTICALL_BATCH_SIZE_BYTES = 1024

/**
 * How long the site's injected connector waits for a wallet that injects itself late, on reconnect (wagmi's
 * `injected({ unstable_shimAsyncInject })`). An injected wallet's revoke on disconnect is wagmi's own, with the
 * spec's 100 ms time-out built in: nothing of ours to name.
 */
export const ASYNC_INJECT_WAIT_MS = 1_000

export { STORAGE_PREFIX } from '../kernel/storage'
