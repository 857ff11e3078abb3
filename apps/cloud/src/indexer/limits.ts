/**
 * The indexer's bounds, named once. Each loop, request and stored string has one of these as its ceiling, so a
 * busy chain or a hostile contract costs bounded time, memory and disk.
 */

/** Blocks one step fetches and stores in one database transaction (`INDEXER_BATCH_BLOCKS` overrides). */
export const DEFAULT_BATCH_BLOCKS = 100
/** Blocks per eth_getBlockByNumber JSON-RPC batch (full transactions make big answers). */
export const BLOCKS_PER_REQUEST = 50
/** Receipts per JSON-RPC batch (read only for transactions that sent value: were they mined as failed?). */
export const RECEIPTS_PER_REQUEST = 200
/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters; transfers have 11 columns). */
export const ROWS_PER_INSERT = 1000
/** Recent block hashes kept to find where a reorg forked; a deeper reorg re-indexes the chain from its start. */
export const REORG_WINDOW = 256
/** Wait between steps once the indexer has caught up with the head (`INDEXER_POLL_MS` overrides). */
export const DEFAULT_POLL_MS = 1000
/** Back-off after a failed step, doubling from the first to the last. */
export const RETRY_FIRST_MS = 500
export const RETRY_MAX_MS = 30_000
/** How often a standby process (PostgreSQL) tries to take a chain another process indexes. */
export const LOCK_RETRY_MS = 5000

/** Tokens and NFTs whose metadata one step reads. */
export const METADATA_PER_STEP = 25
/** The most bytes of a metadata call's answer read (a hostile `tokenURI` may return megabytes): past it, none. */
export const METADATA_ANSWER_BYTES = 1024 * 1024
/** Lengths kept of what a token says about itself (characters). */
export const TOKEN_NAME_MAX = 64
export const TOKEN_SYMBOL_MAX = 16
export const NFT_NAME_MAX = 120
export const NFT_DESCRIPTION_MAX = 1000
/** The largest NFT image kept, after decoding; a larger one gets the placeholder. */
export const NFT_IMAGE_MAX_BYTES = 256 * 1024
/** The deepest SVG element nesting and the most elements kept; past them the image gets the placeholder. */
export const SVG_MAX_DEPTH = 32
export const SVG_MAX_ELEMENTS = 4000

/**
 * An NFT contract that, in one transaction, sends to at least this many accounts, none of which sent the
 * transaction, is airdropping unasked: spam.
 */
export const SPAM_AIRDROP_RECIPIENTS = 3
