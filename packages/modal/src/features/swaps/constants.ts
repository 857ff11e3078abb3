/** The quote waits for the visitor to pause typing, as the wallet search does (spec §9: 300 ms). */
export const SWAP_QUOTE_DELAY_MS = 300
/** A quote answers the same question again for this long; well inside its own validity (SWAP_QUOTE_TTL_SECONDS). */
export const SWAP_QUOTE_CACHE_MS = 10_000
/** The exchange's token list changes with its configuration only: kept 5 minutes. */
export const SWAP_TOKENS_CACHE_MS = 5 * 60_000

/** The swap views' own texts (the cloud's refusals, the §8 ones among them, are shown as it words them). */
export const SwapText = {
  notConnected: 'Connect a wallet to swap',
  tokensFailed: 'The tokens to swap could not be loaded',
  amount: 'Enter an amount greater than 0',
  quoteFailed: 'No quote could be had for this swap',
  quoteExpired: 'The quote expired: a new one is on its way',
  priceMoved: 'The price moved beyond the slippage since the quote: review the new quote',
  approveFailed: 'The approval did not go through',
  swapFailed: 'The swap did not go through',
  reverted: 'The transaction failed on chain',
  rejected: 'The wallet declined the transaction',
} as const
