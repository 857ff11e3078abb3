/**
 * The Solana networks the cloud's gateway knows (docs/behaviour.md#chains, spec §9: three Solana networks) and the
 * JSON-RPC methods it passes to their nodes. CAIP-2 ids are `solana:` + the first 32 characters of the genesis hash.
 */
export const SOLANA_NETWORKS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const
export type SolanaNetworkName = keyof typeof SOLANA_NETWORKS

/** SOL's decimals: a lamport is 10^-9 SOL. */
export const SOL_DECIMALS = 9

/**
 * The Solana methods the gateway forwards: reads, simulation and broadcasting a transaction the wallet signed
 * (apps/cloud/README.md#routes). An allowlist, as for EVM: getProgramAccounts (a scan of a program's every
 * account) and validator-only methods stay out.
 */
export const SOLANA_GATEWAY_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
])
/** Passed only to a local chain's node: free SOL is for development. */
export const SOLANA_LOCAL_ONLY_METHODS: ReadonlySet<string> = new Set(['requestAirdrop'])
