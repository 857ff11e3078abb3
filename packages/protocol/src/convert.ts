// The convert (swap) service of the cloud (apps/cloud/README.md#swaps): what the modal's swap views and the cloud
// share.
import * as z from 'zod/mini'
import { evmAddressSchema, fungibleIdSchema } from './account'

/**
 * docs/behaviour.md#swaps: the chains swaps are offered on, besides those a cloud adds by configuration (its devnet).
 */
export const SWAP_SUPPORTED_CHAIN_IDS = [
  1, 10, 56, 100, 137, 250, 324, 8453, 8217, 42161, 43114, 1313161554,
] as const

/** docs/behaviour.md#swaps: the slippage tolerance a swap allows unless told otherwise, in percent. */
export const SWAP_SLIPPAGE_DEFAULT = 1
/** The most slippage a swap may allow, in percent (ours: past half the quote a swap protects nothing). */
export const SWAP_SLIPPAGE_MAX = 50

/** How long a quote stays good: past it the modal asks again rather than swap at an old price. */
export const SWAP_QUOTE_TTL_SECONDS = 30

/** How long a built swap transaction may wait for its block before the router refuses it. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** The latest deadline a swap may ask for, after the chain's latest block: a signed swap must not wait for years. */
export const SWAP_DEADLINE_MAX_SECONDS = 60 * 60

/** The texts of the convert service's refusals; the first two are named in apps/cloud/README.md#swaps. */
export const CONVERT_TEXTS = {
  swapsUnsupported: 'Network not supported for Swaps',
  gasPriceUnsupported: 'Network not supported for Gas Price',
  sameToken: 'Choose two different tokens',
  differentChains: 'Both tokens must be on the same network',
  unknownToken: (id: string) => `Unknown token ${id}`,
  amount: 'Enter an amount greater than 0',
  noRoute: 'No route between these tokens',
  tooLarge: 'Not enough liquidity for this amount',
  notErc20: 'The native coin needs no approval',
  approveAmount: 'Say how much to approve (amount), or ask for an unlimited approval (unlimited=true)',
  deadline: `The deadline must be after the latest block and at most ${SWAP_DEADLINE_MAX_SECONDS / 60} minutes after it`,
  wouldFail: 'The swap would fail as built: check the balance and the allowance',
} as const

/** An amount in the token's base units, in decimal. */
export const baseUnitsSchema = z
  .string()
  .check(z.regex(/^\d{1,78}$/, 'must be an amount in base units (a decimal integer)'))

/** A token the chain's exchange can swap (`GET /v1/convert/tokens`). */
export const convertTokenSchema = z.object({
  /** Fungible id: `eip155:<chain>:0x<token>`, or `eip155:<chain>:native` for the coin. */
  address: fungibleIdSchema,
  name: z.string(),
  symbol: z.string(),
  decimals: z.int(),
  logoUri: z.string(),
})
export type ConvertToken = z.infer<typeof convertTokenSchema>
export const convertTokensSchema = z.object({ tokens: z.array(convertTokenSchema) })
export type ConvertTokens = z.infer<typeof convertTokensSchema>

/** `GET /v1/convert/quotes` query (besides the client's). */
export const convertQuoteQuerySchema = z.object({
  amount: baseUnitsSchema,
  userAddress: evmAddressSchema,
  from: fungibleIdSchema,
  to: fungibleIdSchema,
  /** Wei per gas the caller means to pay; default: the chain's current price. */
  gasPrice: z.optional(baseUnitsSchema),
})
export type ConvertQuoteQuery = z.infer<typeof convertQuoteQuerySchema>

export const convertQuoteSchema = z.object({
  id: z.string(),
  fromAmount: baseUnitsSchema,
  toAmount: baseUnitsSchema,
  /** The tokens the swap passes through, first to last (addresses, WETH for the coin). */
  route: z.array(evmAddressSchema),
  /** How much the trade moves the price against the pools' mid price, in percent. */
  priceImpact: z.number(),
  /** The pools' fee on the input, in `from` base units. */
  fee: baseUnitsSchema,
  /** In percent of the input (Uniswap V2: 0.3 per pool). */
  feePercent: z.number(),
  /** Wei, the swap's estimated gas times the gas price. */
  gasFee: baseUnitsSchema,
  /** Unix seconds past which the quote is not to be used. */
  expiresAt: z.int(),
})
export type ConvertQuote = z.infer<typeof convertQuoteSchema>
export const convertQuotesSchema = z.object({ quotes: z.array(convertQuoteSchema) })
export type ConvertQuotes = z.infer<typeof convertQuotesSchema>

/** `GET /v1/convert/allowance` query: what `userAddress` lets the chain's exchange spend of `tokenAddress`. */
export const convertAllowanceQuerySchema = z.object({
  tokenAddress: fungibleIdSchema,
  userAddress: evmAddressSchema,
})
export const convertAllowanceSchema = z.object({ allowance: baseUnitsSchema })

/** `GET /v1/convert/gas-price`: wei per gas. */
export const convertGasPriceSchema = z.object({
  standard: baseUnitsSchema,
  fast: baseUnitsSchema,
  instant: baseUnitsSchema,
})
export type ConvertGasPrice = z.infer<typeof convertGasPriceSchema>

/** `GET /v1/convert/build-approve` query: an approval of `amount` (default: unlimited) of `from` to the exchange. */
export const convertApproveQuerySchema = z.object({
  userAddress: evmAddressSchema,
  from: fungibleIdSchema,
  to: fungibleIdSchema,
  /** What the router may spend; without it, `unlimited: 'true'` must say that the user chose no limit. */
  amount: z.optional(baseUnitsSchema),
  unlimited: z.optional(z.literal('true')),
})

/** A transaction for the wallet to send, as built by the cloud. */
export const convertTransactionSchema = z.object({
  from: evmAddressSchema,
  to: evmAddressSchema,
  data: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be hex bytes')),
  value: baseUnitsSchema,
  eip155: z.object({ gas: z.optional(baseUnitsSchema), gasPrice: baseUnitsSchema }),
})
export type ConvertTransaction = z.infer<typeof convertTransactionSchema>
export const convertApproveSchema = z.object({ tx: convertTransactionSchema })

/** `POST /v1/convert/build-transaction` body. */
export const convertBuildRequestSchema = z.object({
  amount: baseUnitsSchema,
  from: fungibleIdSchema,
  to: fungibleIdSchema,
  userAddress: evmAddressSchema,
  eip155: z.optional(
    z.object({
      /** In percent, 0 to SWAP_SLIPPAGE_MAX; default SWAP_SLIPPAGE_DEFAULT. */
      slippage: z.optional(z.number().check(z.minimum(0), z.maximum(SWAP_SLIPPAGE_MAX))),
      /** Unix seconds; default SWAP_DEADLINE_SECONDS after the latest block, at most SWAP_DEADLINE_MAX_SECONDS. */
      deadline: z.optional(z.int().check(z.positive())),
    }),
  ),
  /** Skip the gas estimate (it fails while an approval is still pending). */
  disableEstimate: z.optional(z.boolean()),
})
export type ConvertBuildRequest = z.infer<typeof convertBuildRequestSchema>
export const convertBuildSchema = z.object({
  tx: z.extend(convertTransactionSchema, {
    /** The least `to` the swap may give (the quote less the slippage), in base units. */
    minimumReceived: baseUnitsSchema,
    /** What the swap is quoted to give. */
    amountOut: baseUnitsSchema,
  }),
})
export type ConvertBuild = z.infer<typeof convertBuildSchema>

/** The least of `amountOut` a swap with `slippage` percent may give (rounded down, to basis points). */
export function minimumReceived(amountOut: bigint, slippage: number): bigint {
  return (amountOut * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n
}
