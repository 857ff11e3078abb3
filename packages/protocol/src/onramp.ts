import * as z from 'zod/mini'
import { evmAddressSchema } from './account'
import { isSolanaAddress } from './caip'

/**
 * The fiat on-ramp's contract (apps/cloud/README.md#on-ramp, docs/behaviour.md#on-ramp): options, quotes, the
 * provider URL generator and the sandbox provider's orders.
 */

/** docs/behaviour.md#on-ramp: the provider's fee, in percent of the payment subtotal. */
export const ONRAMP_FEE_PERCENT_RANGE = { min: 1, max: 2 } as const
/** The payment methods and their fallback limits (USD and EUR alike), in whole units of the payment currency. */
export const ONRAMP_PAYMENT_METHODS = ['card', 'ach_bank_account'] as const
export type OnrampPaymentMethod = (typeof ONRAMP_PAYMENT_METHODS)[number]
export const ONRAMP_FALLBACK_LIMITS: Readonly<Record<OnrampPaymentMethod, { min: number; max: number }>> = {
  card: { min: 10, max: 7500 },
  ach_bank_account: { min: 10, max: 25_000 },
}
/** How each payment method reads in a sentence. */
export const ONRAMP_METHOD_NAMES: Readonly<Record<OnrampPaymentMethod, string>> = {
  card: 'card',
  ach_bank_account: 'bank account',
}
/** docs/behaviour.md#on-ramp: the default purchase currency (USD Coin) and payment currency (USD). */
export const ONRAMP_DEFAULT_PURCHASE_CURRENCY = 'USDC'
export const ONRAMP_DEFAULT_PAYMENT_CURRENCY = 'USD'
/** docs/behaviour.md#on-ramp: the provider URL's destination currency: SOL on Solana, else USDC. */
export const onrampDestinationCurrency = (namespace: string) =>
  namespace === 'solana' ? 'SOL' : ONRAMP_DEFAULT_PURCHASE_CURRENCY
/** The sandbox provider's checkout page and its order status, served by the cloud. */
export const ONRAMP_CHECKOUT_PATH = '/onramp/sandbox/checkout'
export const ONRAMP_ORDER_PATH = '/v1/onramp/orders/{id}'
/** The sandbox's test cards (any expiry in the future, any CVC): one is paid, one is declined. */
export const ONRAMP_TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const
/** The sandbox's 3-D-Secure-like step: the code the "bank" asks for. */
export const ONRAMP_TEST_CONFIRMATION_CODE = '123456'

/** The on-ramp's texts: refusals of the cloud and the modal's limit texts (tests assert them exactly). */
export const ONRAMP_TEXTS = {
  amount: 'Enter an amount of at most 2 decimals, like 50 or 49.99',
  unknownPurchaseCurrency: 'This currency cannot be bought here',
  unknownPaymentCurrency: 'Pay in USD or EUR',
  unknownNetwork: 'This currency cannot be bought on this network',
  sandboxChain:
    'The sandbox provider delivers on the local devnet (chain 31337) and the local Solana chain only',
  evmAddress: 'Enter an EVM address: 40 hex characters, 0x optional',
  solanaAddress: 'Enter a Solana address: 32 to 44 base58 characters',
  orderNotFound: 'No such order',
  declined: 'Your card was declined. Try another card.',
  wrongCode: 'That code is not right. Try again.',
  quoteFailed: 'Failed to get a quote',
  popupBlocked: 'The payment window was blocked: allow pop-ups for this site and try again',
  popupClosed: 'The payment window was closed before the purchase was done',
  deliveryFailed: 'The purchase was paid but could not be delivered: try again later',
} as const

const grouped = (value: number) => value.toLocaleString('en-US')
/** The limit texts, by payment method: "The minimum purchase by card is 10 USD". */
export const onrampLimitTexts = {
  min: (method: OnrampPaymentMethod, min: number, currency: string) =>
    `The minimum purchase by ${ONRAMP_METHOD_NAMES[method]} is ${grouped(min)} ${currency}`,
  max: (method: OnrampPaymentMethod, max: number, currency: string) =>
    `The maximum purchase by ${ONRAMP_METHOD_NAMES[method]} is ${grouped(max)} ${currency}`,
}

/** A fiat amount: whole units and at most 2 decimals. */
export const fiatAmountSchema = z.string().check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, ONRAMP_TEXTS.amount))
const code = z.string().check(z.regex(/^[A-Za-z0-9_]{1,20}$/, 'must be a currency or network id'))

export const onrampNetworkSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.string(),
  contract_address: z.string(),
})
/** A currency has id, name, symbol and networks. */
export const onrampPurchaseCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(onrampNetworkSchema),
})
export const onrampLimitSchema = z.object({
  id: z.enum(ONRAMP_PAYMENT_METHODS),
  min: z.number(),
  max: z.number(),
})
export const onrampPaymentCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  limits: z.array(onrampLimitSchema),
})
export const onrampOptionsSchema = z.object({
  purchaseCurrencies: z.array(onrampPurchaseCurrencySchema),
  paymentCurrencies: z.array(onrampPaymentCurrencySchema),
})

export const onrampQuoteRequestSchema = z.object({
  purchaseCurrency: code,
  paymentCurrency: code,
  amount: fiatAmountSchema,
  network: code,
  paymentMethod: z.optional(z.enum(ONRAMP_PAYMENT_METHODS)),
})
const money = z.object({ amount: z.string(), currency: z.string() })
/** A quote has networkFee, paymentSubtotal, paymentTotal, purchaseAmount, quoteId (and the provider's fee). */
export const onrampQuoteSchema = z.object({
  networkFee: money,
  providerFee: money,
  paymentSubtotal: money,
  paymentTotal: money,
  purchaseAmount: money,
  quoteId: z.string(),
})

/**
 * The generator's body (apps/cloud/README.md#on-ramp). `paymentCurrency` and `paymentMethod` are this provider's
 * additions.
 */
export const onrampUrlRequestSchema = z.object({
  destinationWallets: z
    .array(
      z.object({
        /** An EVM address, or a Solana one for the Solana network (which the cloud checks against the network). */
        address: z.union([
          evmAddressSchema,
          z.string().check(z.refine(isSolanaAddress, 'must be an EVM or a Solana address')),
        ]),
        blockchains: z.optional(z.array(code).check(z.maxLength(10))),
        assets: z.optional(z.array(code).check(z.maxLength(10))),
      }),
    )
    .check(z.minLength(1), z.maxLength(1)),
  defaultNetwork: z.optional(code),
  partnerUserId: z.optional(z.string().check(z.maxLength(100))),
  defaultExperience: z.optional(z.literal('buy')),
  presetCryptoAmount: z.optional(z.number().check(z.nonnegative())),
  presetFiatAmount: z.optional(z.number().check(z.positive(), z.lte(1_000_000_000))),
  paymentCurrency: z.optional(code),
  paymentMethod: z.optional(z.enum(ONRAMP_PAYMENT_METHODS)),
})
/** The provider's checkout, opened in a window of the page's own origin: an http(s) page only. */
export const onrampUrlSchema = z.object({ url: z.url({ protocol: /^https?$/ }), orderId: z.string() })

export const ONRAMP_ORDER_STATUSES = [
  'pending',
  'confirming',
  'declined',
  'processing',
  'completed',
  'failed',
] as const
export type OnrampOrderStatus = (typeof ONRAMP_ORDER_STATUSES)[number]
export const onrampOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ONRAMP_ORDER_STATUSES),
  purchaseAmount: money,
  paymentTotal: money,
  address: z.string(),
  /** The EIP-155 chain id, or a Solana network's reference (its CAIP-2 id without `solana:`). */
  chainId: z.union([z.number(), z.string()]),
  /** The delivery's transaction, once sent. */
  txHash: z.nullable(z.string()),
})

export type OnrampNetwork = z.infer<typeof onrampNetworkSchema>
export type OnrampPurchaseCurrency = z.infer<typeof onrampPurchaseCurrencySchema>
export type OnrampPaymentCurrency = z.infer<typeof onrampPaymentCurrencySchema>
export type OnrampLimit = z.infer<typeof onrampLimitSchema>
export type OnrampOptions = z.infer<typeof onrampOptionsSchema>
export type OnrampQuoteRequest = z.infer<typeof onrampQuoteRequestSchema>
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>
export type OnrampUrlRequest = z.infer<typeof onrampUrlRequestSchema>
export type OnrampUrl = z.infer<typeof onrampUrlSchema>
export type OnrampOrder = z.infer<typeof onrampOrderSchema>

/** The limit the amount breaks ('min' or 'max'), or undefined within the limits. */
export function onrampLimitBroken(
  amount: number,
  limit: { min: number; max: number },
): 'min' | 'max' | undefined {
  if (amount < limit.min) return 'min'
  if (amount > limit.max) return 'max'
  return undefined
}
