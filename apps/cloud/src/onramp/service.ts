// Long because the on-ramp's order lifecycle (quote, checkout, the bank's step, delivery on chain) shares one store
// and its limits; the catalogue, prices, config and the delivery rails (rails.ts) already live beside it.
import { randomBytes, randomUUID } from 'node:crypto'
import {
  FAUCET_CHAIN_ID,
  fiatAmountSchema,
  isEvmAddress,
  isSolanaAddress,
  ONRAMP_CHECKOUT_PATH,
  ONRAMP_DEFAULT_PAYMENT_CURRENCY,
  ONRAMP_FALLBACK_LIMITS,
  ONRAMP_TEST_CARDS,
  ONRAMP_TEST_CONFIRMATION_CODE,
  ONRAMP_TEXTS,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampOrderStatus,
  type OnrampPaymentMethod,
  type OnrampQuote,
  type OnrampQuoteRequest,
  type OnrampUrlRequest,
  onrampDestinationCurrency,
  onrampLimitBroken,
  onrampLimitTexts,
} from '@allaccess/protocol'
import { LOCAL_SOLANA_REFERENCE } from '@allaccess/solana-chain/constants'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { formatUnits } from 'viem'
import type { PublicUrl } from '../config/index.js'
import type { Db } from '../db/index.js'
import { BadRequestError, NotFoundError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import {
  defaultPurchaseCurrency,
  onrampOptions,
  type Priced,
  price,
  purchaseDecimals,
  SANDBOX_NETWORK,
  SOLANA_SANDBOX_NETWORK,
} from './catalogue.js'
import type { OnrampConfig } from './config.js'
import type { DeliveryRail } from './rails.js'
import { type OnrampOrderRow, onrampOrders } from './tables.js'

/** Orders one wallet may open per project per ORDER_WINDOW_MS: the store stays bounded per client. */
export const ORDERS_PER_WALLET = 20
/** Orders one client address may open per ORDER_WINDOW_MS, whatever the wallets. */
export const ORDERS_PER_CLIENT = 100
export const ORDER_WINDOW_MS = 60 * 60_000
/** Orders older than this are deleted (as new ones are opened): the table stays bounded. */
export const ORDER_RETENTION_MS = 7 * 24 * 60 * 60_000
/** Card payments one order may try (declines included). */
export const PAYMENT_ATTEMPTS_PER_ORDER = 5
/**
 * A delivery still processing this long after it began was cut short (the cloud stopped mid-way): the next look at
 * the order finishes it. A delivery on the devnet takes milliseconds.
 */
export const DELIVERY_STALE_MS = 30_000

export type OnrampSettings = OnrampConfig

/** What the checkout page shows for an order. */
export type CheckoutState = {
  order: OnrampOrderRow
  /** A refusal to show beside the form (a declined card, a wrong code, a limit). */
  problem?: string
}

const cents = (amount: string) => Math.round(Number(amount) * 100)
const fromCents = (value: number) => (value / 100).toFixed(2)
/** An order's chain column holds EIP-155 ids; a Solana order's chain is named by its network, so it holds 0. */
const NO_EIP155_CHAIN = 0
const isSolanaNetwork = (network: string) => network === SOLANA_SANDBOX_NETWORK

/**
 * The sandbox on-ramp provider (apps/cloud/README.md#on-ramp): currencies, quotes within the payment methods'
 * limits, checkout URLs, and orders paid on the cloud's checkout page whose tokens the cloud's devnet signer sends
 * to the wallet, once per order.
 */
export class OnrampService {
  /** The clock of the per-wallet cap; tests may replace it. */
  now: () => number = Date.now
  private readonly opened = new SlidingWindowLimit(
    () => ORDERS_PER_WALLET,
    ORDER_WINDOW_MS,
    () => this.now(),
  )
  private readonly openedByClient = new SlidingWindowLimit(
    () => ORDERS_PER_CLIENT,
    ORDER_WINDOW_MS,
    () => this.now(),
  )
  readonly options: OnrampOptions

  constructor(
    private readonly db: Db,
    /** How each sandbox network pays out (rails.ts): TestUSD on the devnet, SOL on the local Solana chain. */
    private readonly rails: Readonly<Record<string, DeliveryRail>>,
    private readonly publicUrl: PublicUrl,
    private readonly settings: OnrampSettings,
  ) {
    this.options = onrampOptions(settings.tokenAddress)
  }

  /**
   * docs/behaviour.md#on-ramp: the quote for `amount` of the payment currency, refused with the limit text outside
   * the limits.
   */
  quote(request: OnrampQuoteRequest): OnrampQuote {
    const { paymentCurrency, network } = this.check(
      request.purchaseCurrency,
      request.paymentCurrency,
      request.network,
    )
    const priced = this.price(
      cents(request.amount),
      paymentCurrency,
      network,
      request.paymentMethod ?? 'card',
      request.purchaseCurrency,
    )
    const money = (value: number) => ({ amount: fromCents(value), currency: paymentCurrency })
    return {
      networkFee: money(priced.networkFeeCents),
      providerFee: money(priced.feeCents),
      paymentSubtotal: money(priced.subtotalCents),
      paymentTotal: money(priced.totalCents),
      purchaseAmount: {
        amount: formatUnits(priced.purchaseUnits, purchaseDecimals(request.purchaseCurrency)),
        currency: request.purchaseCurrency,
      },
      quoteId: randomUUID(),
    }
  }

  /** apps/cloud/README.md#on-ramp: opens an order and answers the checkout URL with its parameters. */
  async checkoutUrl(
    projectId: string,
    client: string,
    request: OnrampUrlRequest,
  ): Promise<{ url: string; orderId: string }> {
    const wallet = request.destinationWallets[0] as OnrampUrlRequest['destinationWallets'][number]
    const network = request.defaultNetwork ?? wallet.blockchains?.[0] ?? SANDBOX_NETWORK
    const purchaseCurrency = wallet.assets?.[0] ?? defaultPurchaseCurrency(this.options, network)
    const { paymentCurrency } = this.check(
      purchaseCurrency,
      request.paymentCurrency ?? ONRAMP_DEFAULT_PAYMENT_CURRENCY,
      network,
    )
    if (!this.rails[network]) throw new BadRequestError(ONRAMP_TEXTS.sandboxChain)
    const solana = isSolanaNetwork(network)
    if (!(solana ? isSolanaAddress(wallet.address) : isEvmAddress(wallet.address)))
      throw new BadRequestError(solana ? ONRAMP_TEXTS.solanaAddress : ONRAMP_TEXTS.evmAddress)
    const method = request.paymentMethod ?? 'card'
    const preset =
      request.presetFiatAmount === undefined ? undefined : Math.round(request.presetFiatAmount * 100)
    const priced =
      preset === undefined
        ? undefined
        : this.price(preset, paymentCurrency, network, method, purchaseCurrency)
    // Base58 is case-sensitive; EVM addresses are kept lower-case.
    const address = solana ? wallet.address : wallet.address.toLowerCase()
    const takeBack = this.openedByClient.take(client)
    try {
      this.opened.take(`${projectId}:${address}`)
    } catch (error) {
      takeBack()
      throw error
    }
    await this.db.delete(onrampOrders).where(lt(onrampOrders.createdAt, this.now() - ORDER_RETENTION_MS))
    const id = randomBytes(16).toString('hex')
    await this.db.insert(onrampOrders).values({
      id,
      projectId,
      address,
      chainId: solana ? NO_EIP155_CHAIN : FAUCET_CHAIN_ID,
      network,
      purchaseCurrency,
      paymentCurrency,
      paymentMethod: method,
      paymentCents: priced?.totalCents ?? null,
      purchaseUnits: priced?.purchaseUnits.toString() ?? null,
      status: 'pending' satisfies OnrampOrderStatus,
      createdAt: this.now(),
    })
    const url = new URL(this.publicUrl.http(ONRAMP_CHECKOUT_PATH))
    const params: Record<string, string | undefined> = {
      publicKey: this.settings.publicKey,
      currencyCode: onrampDestinationCurrency(solana ? 'solana' : 'eip155'),
      walletAddress: wallet.address,
      externalCustomerId: projectId,
      network,
      baseCurrencyCode: paymentCurrency,
      baseCurrencyAmount: priced && fromCents(priced.totalCents),
      paymentMethod: method,
      partnerUserId: request.partnerUserId,
      orderId: id,
    }
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(key, value)
    return { url: url.toString(), orderId: id }
  }

  /** An order as the modal polls it; 404 for an id no order of the project has. */
  async order(id: string, projectId: string): Promise<OnrampOrder> {
    const row = await this.row(id)
    if (row.projectId !== projectId) throw new NotFoundError(ONRAMP_TEXTS.orderNotFound)
    return this.view(row)
  }

  /** The checkout's row; 404 for an id no order has. A delivery cut short is finished first. */
  async row(id: string): Promise<OnrampOrderRow> {
    const [row] = await this.db.select().from(onrampOrders).where(eq(onrampOrders.id, id))
    if (!row) throw new NotFoundError(ONRAMP_TEXTS.orderNotFound)
    return row.status === 'processing' ? this.resume(row) : row
  }

  /** The checkout's first step: the amount and the card. The good test card asks for the confirmation code next. */
  async pay(id: string, amount: string, card: string): Promise<CheckoutState> {
    const order = await this.row(id)
    if (order.status !== 'pending' && order.status !== 'declined') return { order }
    if (order.attempts >= PAYMENT_ATTEMPTS_PER_ORDER) return { order, problem: ONRAMP_TEXTS.declined }
    if (!fiatAmountSchema.safeParse(amount).success) return { order, problem: ONRAMP_TEXTS.amount }
    let priced: Priced
    try {
      priced = this.price(
        cents(amount),
        order.paymentCurrency,
        order.network,
        order.paymentMethod as OnrampPaymentMethod,
        order.purchaseCurrency,
      )
    } catch (error) {
      return { order, problem: error instanceof Error ? error.message : String(error) }
    }
    const paid = card.replace(/\s/g, '') === ONRAMP_TEST_CARDS.succeeds.replace(/\s/g, '')
    const [updated] = await this.db
      .update(onrampOrders)
      .set({
        status: paid ? 'confirming' : 'declined',
        attempts: order.attempts + 1,
        paymentCents: priced.totalCents,
        purchaseUnits: priced.purchaseUnits.toString(),
      })
      .where(and(eq(onrampOrders.id, id), eq(onrampOrders.status, order.status)))
      .returning()
    const now = updated ?? (await this.row(id))
    return paid ? { order: now } : { order: now, problem: ONRAMP_TEXTS.declined }
  }

  /**
   * The 3-D-Secure-like step: the right code moves the order to processing and sends its tokens to the wallet. Only
   * the request that makes that move sends, so a repeated confirmation never delivers twice.
   */
  async confirm(id: string, code: string): Promise<CheckoutState> {
    const order = await this.row(id)
    if (order.status !== 'confirming') return { order }
    if (code.trim() !== ONRAMP_TEST_CONFIRMATION_CODE) return { order, problem: ONRAMP_TEXTS.wrongCode }
    const [claimed] = await this.db
      .update(onrampOrders)
      .set({ status: 'processing', deliveringSince: this.now() })
      .where(and(eq(onrampOrders.id, id), eq(onrampOrders.status, 'confirming')))
      .returning()
    if (!claimed) return { order: await this.row(id) }
    return this.deliver(claimed)
  }

  /** Sends the order's purchase on its network's rail, recording the signed transfer before its broadcast. */
  private async deliver(order: OnrampOrderRow): Promise<CheckoutState> {
    const rail = this.rails[order.network]
    try {
      if (!rail) throw new Error(`no rail for ${order.network}`)
      const txHash = await rail.send(order.address, BigInt(order.purchaseUnits ?? 0), (signed) =>
        this.db
          .update(onrampOrders)
          .set({ txHash: signed.hash, deliveryTx: signed.raw })
          .where(and(eq(onrampOrders.id, order.id), eq(onrampOrders.status, 'processing')))
          .then(() => {}),
      )
      return { order: await this.settle(order, 'completed', txHash) }
    } catch {
      return { order: await this.settle(order, 'failed'), problem: ONRAMP_TEXTS.deliveryFailed }
    }
  }

  private async settle(order: OnrampOrderRow, status: 'completed' | 'failed', txHash?: string) {
    const [settled] = await this.db
      .update(onrampOrders)
      .set({ status, ...(txHash ? { txHash } : {}) })
      .where(and(eq(onrampOrders.id, order.id), eq(onrampOrders.status, 'processing')))
      .returning()
    return (
      settled ?? (await this.db.select().from(onrampOrders).where(eq(onrampOrders.id, order.id)))[0] ?? order
    )
  }

  /**
   * An order processing past DELIVERY_STALE_MS: its delivery was cut short. One process claims it; the transfer it
   * recorded is looked up on chain (landed: done), else broadcast again; only a transfer the chain can no longer
   * take (its rail says lost: a spent nonce, an expired blockhash) is signed afresh. No tokens are sent twice.
   */
  private async resume(row: OnrampOrderRow): Promise<OnrampOrderRow> {
    const now = this.now()
    if (row.deliveringSince !== null && now - row.deliveringSince < DELIVERY_STALE_MS) return row
    const [claimed] = await this.db
      .update(onrampOrders)
      .set({ deliveringSince: now })
      .where(
        and(
          eq(onrampOrders.id, row.id),
          eq(onrampOrders.status, 'processing'),
          or(isNull(onrampOrders.deliveringSince), lt(onrampOrders.deliveringSince, now - DELIVERY_STALE_MS)),
        ),
      )
      .returning()
    if (!claimed) return row
    const recorded = claimed.txHash
    const rail = this.rails[claimed.network]
    try {
      if (recorded && claimed.deliveryTx && rail) {
        const fate = await rail.fateOf({ hash: recorded, raw: claimed.deliveryTx })
        if (fate === 'success' || fate === 'failed')
          return this.settle(claimed, fate === 'success' ? 'completed' : 'failed', recorded)
        if (fate === 'pending') return claimed
      }
      return (await this.deliver(claimed)).order
    } catch {
      return claimed
    }
  }

  private check(purchaseCurrency: string, paymentCurrency: string, network: string) {
    const currency = this.options.purchaseCurrencies.find((candidate) => candidate.id === purchaseCurrency)
    if (!currency) throw new BadRequestError(ONRAMP_TEXTS.unknownPurchaseCurrency)
    if (!this.options.paymentCurrencies.some((candidate) => candidate.id === paymentCurrency))
      throw new BadRequestError(ONRAMP_TEXTS.unknownPaymentCurrency)
    if (!currency.networks.some((candidate) => candidate.name === network))
      throw new BadRequestError(ONRAMP_TEXTS.unknownNetwork)
    return { paymentCurrency, network }
  }

  /** The price of `totalCents`, refused with the limit text outside the payment method's limits. */
  private price(
    totalCents: number,
    paymentCurrency: string,
    network: string,
    method: OnrampPaymentMethod,
    purchaseCurrency: string,
  ): Priced {
    const limit = ONRAMP_FALLBACK_LIMITS[method]
    const broken = onrampLimitBroken(totalCents / 100, limit)
    if (broken) throw new BadRequestError(onrampLimitTexts[broken](method, limit[broken], paymentCurrency))
    return price(totalCents, paymentCurrency, network, this.settings.feePercent, purchaseCurrency)
  }

  private view(row: OnrampOrderRow): OnrampOrder {
    const units = row.purchaseUnits === null ? 0n : BigInt(row.purchaseUnits)
    return {
      id: row.id,
      status: row.status as OnrampOrderStatus,
      purchaseAmount: {
        amount: formatUnits(units, purchaseDecimals(row.purchaseCurrency)),
        currency: row.purchaseCurrency,
      },
      paymentTotal: { amount: fromCents(row.paymentCents ?? 0), currency: row.paymentCurrency },
      address: row.address,
      // A Solana order names its chain as the modal does a Solana network: by its reference.
      chainId: isSolanaNetwork(row.network) ? LOCAL_SOLANA_REFERENCE : row.chainId,
      txHash: row.txHash,
    }
  }
}
