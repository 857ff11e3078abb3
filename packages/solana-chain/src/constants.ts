// Browser-safe constants of the local Solana chain (docs: packages/solana-chain/README.md).
export const DEFAULT_SOLANA_HOST = '127.0.0.1'
export const DEFAULT_SOLANA_PORT = 8899
/** Subscriptions listen on the HTTP port + 1, as solana-test-validator's do. */
export const SOLANA_WS_PORT_OFFSET = 1

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** Solana's base fee per signature, which LiteSVM charges. */
export const LAMPORTS_PER_SIGNATURE = 5000n
/** Blocks a blockhash stays valid for, as on Solana (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALID_BLOCKS = 150

/**
 * The genesis hash: LiteSVM has no genesis block, so the chain names a fixed one, the SHA-256 of GENESIS_SEED_TEXT
 * in base58 (a test derives it), and its CAIP-2 id is stable across restarts and machines.
 */
export const GENESIS_SEED_TEXT = 'All-Access Pass local Solana chain'
export const GENESIS_HASH = 'Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4BRRbjvAdrNu9'
/** The CAIP-2 reference: the first 32 characters of the genesis hash (as the modal names a Solana network). */
export const LOCAL_SOLANA_REFERENCE = GENESIS_HASH.slice(0, 32)
/** CAIP-2: `solana:` + the reference. */
export const LOCAL_SOLANA_CHAIN_ID = `solana:${LOCAL_SOLANA_REFERENCE}`

/** What getVersion answers: the Solana runtime version LiteSVM 1.5 embeds (Agave 3.x's feature set). */
export const SOLANA_CORE_VERSION = '3.0.0'

export const DEV_KEY_COUNT = 10
export const DEV_KEY_BALANCE_SOL = 1000n
/** Each dev key's tUSD at genesis (10,000 tUSD). */
export const DEV_KEY_TUSD = 10_000_000_000n

/** The test SPL token; its mint is the address of the `tusd-mint` dev key (dev-keys.ts; a test derives it). */
export const TUSD = {
  name: 'Test USD',
  symbol: 'tUSD',
  decimals: 6,
  mint: '88XYm5FY4XfJGsQavsvAXoJXxaH63vFYvwnC4rodbVi3',
} as const

/** At most this much per requestAirdrop, as a faucet would cap it. */
export const MAX_AIRDROP_LAMPORTS = 100n * LAMPORTS_PER_SOL

/** Largest HTTP body the server reads (Solana's RPC: 50 KiB), and requests in one batch. */
export const MAX_REQUEST_BODY_BYTES = 50 * 1024
export const MAX_BATCH = 100

/** The Metaplex Token Metadata program, under whose PDA tUSD's name and symbol are stored (README: metadata). */
export const TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s'
/** The runtime's Address Lookup Table program: it owns every lookup table account (the frame checks that). */
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111'
