/** The account feature's constants (docs/behaviour.md#constants). Durations are in milliseconds. */

/** Token balances (the portfolio) are asked again after 30 s. */
export const PORTFOLIO_CACHE_MS = 30_000
/** A native balance is read again after 30 s. */
export const NATIVE_BALANCE_CACHE_MS = 30_000
/** After a failed token balance request, none is sent for 30 s ('Token Balance Unavailable' meanwhile). */
export const TOKEN_BALANCE_RETRY_MS = 30_000
/** An address's name and avatar are asked again after 5 minutes. */
export const IDENTITY_CACHE_MS = 5 * 60_000
/** What a failed native balance lookup shows. */
export const DEFAULT_BALANCE = '0.00'
export const DEFAULT_BALANCE_SYMBOL = 'ETH'

/** A transaction wait ends at this many confirmations unless asked for more. */
export const RECEIPT_CONFIRMATIONS = 1
/** A transaction wait gives up after 180 s. */
export const RECEIPT_WAIT_TIMEOUT_MS = 180_000
/** A receipt lookup that fails is tried again 6 times, 200 ms after the first failure, doubling each time. */
export const RECEIPT_RETRY_COUNT = 6
export const RECEIPT_RETRY_DELAY_MS = 200
/** Send waits this long for the receipt; past it, the transaction shows as pending. */
export const SEND_RECEIPT_WAIT_MS = 25_000
/** The pending-transaction watcher (off unless the site turns it on) looks every 30 s… */
export const PENDING_TRANSACTION_POLL_MS = 30_000
/** …and gives up after this many looks (the product names no value: 10 looks, 5 minutes). */
export const PENDING_TRANSACTION_POLL_LIMIT = 10
/** Pages of activity and NFTs are asked again after 30 s (ours: the product names no value). */
export const ACCOUNT_PAGE_CACHE_MS = 30_000
/**
 * After the modal's own transaction, Activity asks again every second until the cloud's indexer lists it, for at
 * most 20 s (ours: the indexer trails the chain by a block poll; past that the usual 30 s staleness applies).
 */
export const OWN_TRANSACTION_POLL_MS = 1_000
export const OWN_TRANSACTION_WAIT_MS = 20_000
/** Local storage keeps the balances and identities of at most this many keys each, the newest. */
export const PERSISTED_ENTRIES_MAX = 20
/** Every Account tab is this tall (ours): switching tabs never changes the dialog's height. */
export const ACCOUNT_TAB_PANEL_HEIGHT_PX = 280
