/**
 * Limits both sides of the cloud API rely on: the cloud enforces them on requests, the modal sizes its requests
 * by them. docs/behaviour.md#cloud where it names a value.
 */

/** docs/behaviour.md#cloud: `/getWallets` answers 40 entries when a request names no `entries`. */
export const WALLET_PAGE_SIZE = 40
/** The most entries one `/getWallets` page may ask for. */
export const WALLET_PAGE_SIZE_MAX = 100
/** The highest page number `/getWallets` accepts (bounds the work a request can ask for). */
export const WALLET_PAGE_MAX = 100_000
/** docs/behaviour.md#cloud: a search answers at most this many wallets in all, over every page. */
export const SEARCH_RESULTS_MAX = 100
/** The longest search term `/getWallets` accepts, in characters. */
export const SEARCH_TERM_MAX_LENGTH = 100
/** The most patterns one project's origin allowlist holds. */
export const ALLOWED_ORIGINS_MAX = 100
/** The most events one `POST /batch` may carry; the modal splits a longer queue into batches of this size. */
export const ANALYTICS_BATCH_MAX = 100
/** The most fungibles one `POST /v1/fungible/price` may ask about. */
export const FUNGIBLE_PRICE_ADDRESSES_MAX = 100
