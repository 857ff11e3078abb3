import { FundsErrorText } from '../../kernel/errors'

/** The quote waits for the visitor to pause typing, as the wallet search does (docs/behaviour.md#swaps: 300 ms). */
export const SWAP_QUOTE_DELAY_MS = 300
/** A quote answers the same question again for this long; well inside its own validity (SWAP_QUOTE_TTL_SECONDS). */
export const SWAP_QUOTE_CACHE_MS = 10_000
/** The exchange's token list changes with its configuration only: kept 5 minutes. */
export const SWAP_TOKENS_CACHE_MS = 5 * 60_000

/**
 * Max of ETH keeps this much gas for the swap itself, at the network's fast price: a swap on the exchange costs
 * about 110–160 thousand gas (through WETH and a pool), an approval never (ETH needs none).
 */
export const SWAP_MAX_GAS_RESERVE = 200_000n

/** The quote's rate is said with this many decimals, one way round (`rateText`). */
export const SWAP_RATE_DECIMALS = 2

/** The slippage tolerances offered with one press, in percent (the default, SWAP_SLIPPAGE_DEFAULT, among them). */
export const SWAP_SLIPPAGE_PRESETS = [0.5, 1, 3] as const
/**
 * A slippage the visitor types: a percentage to basis points (what the minimum received is rounded to), at least
 * 0.01 and at most SWAP_SLIPPAGE_MAX.
 */
export const SWAP_SLIPPAGE_PATTERN = /^\d{1,2}(?:[.,]\d{1,2})?$/
export const SWAP_SLIPPAGE_MIN = 0.01
/** Below this a swap often fails as the pools move; above, it may give much less than quoted: both are said. */
export const SWAP_SLIPPAGE_LOW = 0.1
export const SWAP_SLIPPAGE_HIGH = 5

/** The swap views' own texts (the cloud's refusals are shown as it words them, docs/behaviour.md#swaps). */
export const SwapText = {
  ...FundsErrorText,
  noCloud: 'Swaps need the cloud client (`api`)',
  notConnected: 'Connect a wallet to swap',
  tokensFailed: 'The tokens to swap could not be loaded',
  amount: 'Enter an amount greater than 0',
  quoteFailed: 'No quote could be had for this swap',
  gasPriceFailed: 'The network fee could not be read: enter the amount yourself',
  quoteExpired: 'The quote expired: a new one is on its way',
  priceMoved: 'The price moved beyond the slippage since the quote: review the new quote',
  approveFailed: 'The approval did not go through',
  swapFailed: 'The swap did not go through',
  reverted: 'The transaction failed on chain',
  rejected: 'The wallet declined the transaction',
  slippageInvalid: 'Enter a slippage tolerance from 0.01% to 50%',
  slippageLow: 'With so little slippage the swap may fail if the price moves',
  slippageHigh: 'With this much slippage the swap may give much less than quoted',
} as const
