import {
  FAUCET_CHAIN_ID,
  ONRAMP_DEFAULT_PURCHASE_CURRENCY,
  ONRAMP_FALLBACK_LIMITS,
  ONRAMP_PAYMENT_METHODS,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampPaymentMethod,
} from '@allaccess/protocol'
import { LOCAL_SOLANA_REFERENCE } from '@allaccess/solana-chain/constants'

/** The network the sandbox delivers on: the local devnet, where TestUSD is what arrives. */
export const SANDBOX_NETWORK = 'devnet'
/** The sandbox's Solana network: the local Solana chain, where SOL arrives (spec §7: SOL is Solana's destination). */
export const SOLANA_SANDBOX_NETWORK = 'solana_local'
/** The purchase currencies' decimals and their sandbox prices in US cents (USDC and TestUSD are 1 USD). */
const PURCHASE_CURRENCIES: Readonly<Record<string, { decimals: number; usdCents: number }>> = {
  USDC: { decimals: 6, usdCents: 100 },
  tUSD: { decimals: 6, usdCents: 100 },
  SOL: { decimals: 9, usdCents: 15_000 },
}
/** A purchase currency's decimals (6, like USDC, for any other). */
export const purchaseDecimals = (currency: string) => PURCHASE_CURRENCIES[currency]?.decimals ?? 6
/** The sandbox's exchange rates to USD, in basis points. */
const USD_BASIS_POINTS: Readonly<Record<string, number>> = { USD: 10_000, EUR: 10_800 }
/** The network fee the sandbox charges per network, in cents of the payment currency. */
const NETWORK_FEE_CENTS: Readonly<Record<string, number>> = {
  ethereum: 150,
  polygon: 1,
  [SANDBOX_NETWORK]: 1,
  [SOLANA_SANDBOX_NETWORK]: 1,
}

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_POLYGON = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'

/**
 * The sandbox provider's currencies (docs/behaviour.md#on-ramp: USDC on Ethereum and Polygon by default, USD; plus
 * EUR, the devnet's TestUSD at `tokenAddress` and SOL on the local Solana chain). USDC is not listed on the devnet:
 * what a currency names is what arrives (TestUSD there is no USDC).
 */
export function onrampOptions(tokenAddress: string): OnrampOptions {
  const devnet: OnrampNetwork = {
    name: SANDBOX_NETWORK,
    display_name: 'Local devnet',
    chain_id: String(FAUCET_CHAIN_ID),
    contract_address: tokenAddress,
  }
  const limits = ONRAMP_PAYMENT_METHODS.map((id) => ({ id, ...ONRAMP_FALLBACK_LIMITS[id] }))
  return {
    purchaseCurrencies: [
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: USDC_ETHEREUM },
          { name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: USDC_POLYGON },
        ],
      },
      { id: 'tUSD', name: 'Test USD', symbol: 'tUSD', networks: [devnet] },
      {
        id: 'SOL',
        name: 'Solana',
        symbol: 'SOL',
        networks: [
          {
            name: SOLANA_SANDBOX_NETWORK,
            display_name: 'Local Solana',
            // As the modal names a Solana network: its reference, the CAIP-2 id without `solana:`.
            chain_id: LOCAL_SOLANA_REFERENCE,
            contract_address: '',
          },
        ],
      },
    ],
    paymentCurrencies: [
      { id: 'USD', name: 'US Dollar', symbol: '$', limits },
      { id: 'EUR', name: 'Euro', symbol: '€', limits },
    ],
  }
}

/** What an order that names no currency buys: USDC where it is offered (docs/behaviour.md#on-ramp), else the network's first. */
export function defaultPurchaseCurrency(options: OnrampOptions, network: string): string {
  const offered = options.purchaseCurrencies.filter((currency) =>
    currency.networks.some((candidate) => candidate.name === network),
  )
  return (
    offered.find((currency) => currency.id === ONRAMP_DEFAULT_PURCHASE_CURRENCY)?.id ??
    offered[0]?.id ??
    ONRAMP_DEFAULT_PURCHASE_CURRENCY
  )
}

export type Priced = {
  totalCents: number
  feeCents: number
  networkFeeCents: number
  subtotalCents: number
  /** In the purchase currency's base units. */
  purchaseUnits: bigint
}

/**
 * What `totalCents` buys of `purchaseCurrency`: the provider's fee (`feePercent` of the total, rounded half up to
 * the cent) and the network's come off the total; the rest is converted at the sandbox's rates.
 */
export function price(
  totalCents: number,
  paymentCurrency: string,
  network: string,
  feePercent: number,
  purchaseCurrency: string,
): Priced {
  const feeCents = Math.round((totalCents * feePercent) / 100)
  const networkFeeCents = NETWORK_FEE_CENTS[network] ?? 0
  const subtotalCents = Math.max(0, totalCents - feeCents - networkFeeCents)
  const rate = BigInt(USD_BASIS_POINTS[paymentCurrency] ?? 10_000)
  const { decimals, usdCents } = PURCHASE_CURRENCIES[purchaseCurrency] ?? { decimals: 6, usdCents: 100 }
  // cents → US cents (the rate) → base units (× 10^decimals, ÷ the currency's price in cents).
  const purchaseUnits =
    (BigInt(subtotalCents) * rate * 10n ** BigInt(decimals)) / (10_000n * BigInt(usdCents))
  return { totalCents, feeCents, networkFeeCents, subtotalCents, purchaseUnits }
}

export const isPaymentMethod = (value: string): value is OnrampPaymentMethod =>
  (ONRAMP_PAYMENT_METHODS as readonly string[]).includes(value)
