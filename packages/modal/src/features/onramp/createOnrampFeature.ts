import {
  fiatAmountSchema,
  ONRAMP_DEFAULT_PAYMENT_CURRENCY,
  ONRAMP_DEFAULT_PURCHASE_CURRENCY,
  ONRAMP_TEXTS,
  type OnrampOrder,
  type OnrampPaymentCurrency,
  type OnrampPaymentMethod,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
  onrampLimitBroken,
  onrampLimitTexts,
  throttleSeconds,
} from '@allaccess/protocol'
import type { OnrampClient } from '../../api/createOnrampClient'
import type { FeatureContext } from '../../app/featureContext'
import { createStore } from '../../kernel/store'
import { ORDER_POLL_MS, POPUP_FEATURES, QUOTE_DELAY_MS, SANDBOX_PROVIDER } from './constants'
import { OnrampError } from './errors'
import type { OnrampFeatureOptions } from './options'

export type OnrampProvider = { id: string; name: string; description: string }

/** The on-ramp state (docs/behaviour.md#on-ramp), and what the views show beside it. */
export type OnrampState = {
  providers: readonly OnrampProvider[]
  selectedProvider: OnrampProvider | undefined
  /** The last failure, as the visitor reads it (docs/behaviour.md#on-ramp: a failed quote's message is stored here). */
  error: string | undefined
  /** The cloud throttled the order (a 429): when it may be tried again (epoch ms), counted down by the view. */
  retryAt: number | undefined
  purchaseCurrency: OnrampPurchaseCurrency | undefined
  paymentCurrency: OnrampPaymentCurrency | undefined
  /** Those that can be bought on the connected network. */
  purchaseCurrencies: OnrampPurchaseCurrency[]
  paymentCurrencies: OnrampPaymentCurrency[]
  /** What the quote says the payment buys. */
  purchaseAmount: string | undefined
  /** What the visitor typed, in the payment currency. */
  paymentAmount: string
  paymentMethod: OnrampPaymentMethod
  quotesLoading: boolean
  quote: OnrampQuote | undefined
  /** The payment amount's problem: its form, or the payment method's limit it breaks. */
  problem: string | undefined
  optionsLoading: boolean
  /** The order the provider's window pays, as last polled. */
  order: OnrampOrder | undefined
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The on-ramp (docs/behaviour.md#on-ramp): the provider, the amount and currencies with a live quote within the
 * payment method's limits, the provider's checkout in a window of its own, and the order polled until the tokens
 * are delivered.
 */
export const createOnrampFeature =
  (settings: OnrampFeatureOptions) =>
  ({ options, env, chains, modal }: FeatureContext) => {
    const state = createStore<OnrampState>({
      providers: [SANDBOX_PROVIDER],
      selectedProvider: undefined,
      error: undefined,
      retryAt: undefined,
      purchaseCurrency: undefined,
      paymentCurrency: undefined,
      purchaseCurrencies: [],
      paymentCurrencies: [],
      purchaseAmount: undefined,
      paymentAmount: '',
      paymentMethod: 'card',
      quotesLoading: false,
      quote: undefined,
      problem: undefined,
      optionsLoading: false,
      order: undefined,
    })
    const openWindow =
      settings.openWindow ?? ((url, target, features) => globalThis.open(url, target, features))
    let quoteTimer: unknown
    let pollTimer: unknown
    let popup: Window | null = null
    let asked = 0

    async function client(): Promise<OnrampClient> {
      if (!options.api?.onramp) throw new OnrampError('noCloud')
      return options.api.onramp()
    }

    /** The connected network's name among the currency's networks (the cloud's name for it). */
    function networkOf(currency: OnrampPurchaseCurrency | undefined) {
      const chainId = String(chains.getActiveNetwork().id)
      return currency?.networks.find((network) => network.chain_id === chainId)
    }

    /** The currencies, once per modal; the defaults (USDC, USD: docs/behaviour.md#on-ramp) where they are offered. */
    async function load(): Promise<void> {
      if (state.getState().paymentCurrencies.length > 0 || state.getState().optionsLoading) return
      state.setState({ optionsLoading: true, error: undefined })
      try {
        const { purchaseCurrencies, paymentCurrencies } = await (await client()).options()
        const here = purchaseCurrencies.filter((currency) => networkOf(currency))
        state.setState({
          optionsLoading: false,
          purchaseCurrencies: here,
          paymentCurrencies,
          purchaseCurrency: here.find((c) => c.id === ONRAMP_DEFAULT_PURCHASE_CURRENCY) ?? here[0],
          paymentCurrency:
            paymentCurrencies.find((c) => c.id === ONRAMP_DEFAULT_PAYMENT_CURRENCY) ?? paymentCurrencies[0],
        })
      } catch (error) {
        state.setState({ optionsLoading: false, error: message(error) })
      }
    }

    function selectProvider(id: string) {
      state.setState({ selectedProvider: state.getState().providers.find((provider) => provider.id === id) })
      modal.navigate({ view: 'OnRampAmount' })
    }

    /** The amount's problem: its form, else the payment method's limit it breaks (in the payment currency). */
    function problemOf(
      amount: string,
      currency: OnrampPaymentCurrency | undefined,
      method: OnrampPaymentMethod,
    ) {
      if (amount === '') return undefined
      if (!fiatAmountSchema.safeParse(amount).success) return ONRAMP_TEXTS.amount
      const limit = currency?.limits.find((candidate) => candidate.id === method)
      const broken = limit && onrampLimitBroken(Number(amount), limit)
      return broken && currency ? onrampLimitTexts[broken](method, limit[broken], currency.id) : undefined
    }

    /** Takes a change of the form, and asks for a new quote once the visitor pauses. */
    function update(change: Partial<OnrampState>) {
      const next = { ...state.getState(), ...change }
      const problem = problemOf(next.paymentAmount, next.paymentCurrency, next.paymentMethod)
      env.clock.clearTimeout(quoteTimer)
      asked++
      state.setState({ ...change, problem, quote: undefined, purchaseAmount: undefined, error: undefined })
      if (next.paymentAmount === '' || problem) {
        state.setState({ quotesLoading: false })
        return
      }
      quoteTimer = env.clock.setTimeout(() => void fetchQuote(), QUOTE_DELAY_MS)
    }

    const setPaymentAmount = (paymentAmount: string) => update({ paymentAmount: paymentAmount.trim() })
    const setPaymentMethod = (paymentMethod: OnrampPaymentMethod) => update({ paymentMethod })
    const setPaymentCurrency = (id: string) =>
      update({ paymentCurrency: state.getState().paymentCurrencies.find((currency) => currency.id === id) })
    const setPurchaseCurrency = (id: string) =>
      update({ purchaseCurrency: state.getState().purchaseCurrencies.find((currency) => currency.id === id) })

    /** quotesLoading while fetching; a failure stores its message and returns nothing (docs/behaviour.md#on-ramp). */
    async function fetchQuote(): Promise<OnrampQuote | undefined> {
      const mine = ++asked
      const { purchaseCurrency, paymentCurrency, paymentAmount, paymentMethod } = state.getState()
      const network = networkOf(purchaseCurrency)
      if (!purchaseCurrency || !paymentCurrency || !network) return undefined
      state.setState({ quotesLoading: true, error: undefined })
      try {
        const quote = await (await client()).quote({
          purchaseCurrency: purchaseCurrency.id,
          paymentCurrency: paymentCurrency.id,
          amount: paymentAmount,
          network: network.name,
          paymentMethod,
        })
        if (mine !== asked) return undefined
        state.setState({ quotesLoading: false, quote, purchaseAmount: quote.purchaseAmount.amount })
        return quote
      } catch (error) {
        if (mine === asked)
          state.setState({ quotesLoading: false, error: message(error) || ONRAMP_TEXTS.quoteFailed })
        return undefined
      }
    }

    function stopWatching() {
      env.clock.clearTimeout(pollTimer)
      pollTimer = undefined
    }

    /** Polls the order and watches the window: done when the tokens are sent, failed when the window closes first. */
    function watch(orderId: string, window: Window) {
      const tick = async () => {
        const closed = window.closed
        try {
          const order = await (await client()).order(orderId)
          state.setState({ order })
          if (order.status === 'completed') {
            stopWatching()
            if (!window.closed) window.close()
            void modal.refreshAccount(order.txHash ?? undefined)
            modal.navigate({ view: 'OnRampDone' })
            return
          }
          if (order.status === 'failed') {
            stopWatching()
            state.setState({ error: ONRAMP_TEXTS.deliveryFailed })
            return
          }
        } catch (error) {
          state.setState({ error: message(error) })
        }
        if (closed) {
          stopWatching()
          state.setState({ error: ONRAMP_TEXTS.popupClosed })
          return
        }
        pollTimer = env.clock.setTimeout(() => void tick(), ORDER_POLL_MS)
      }
      pollTimer = env.clock.setTimeout(() => void tick(), ORDER_POLL_MS)
    }

    /**
     * Opens the provider's checkout for the quoted amount in a window of its own. Call it from the click: the
     * window opens before anything is awaited, so the browser lets it.
     */
    async function buy(): Promise<void> {
      const { purchaseCurrency, paymentCurrency, paymentAmount, paymentMethod, quote } = state.getState()
      const network = networkOf(purchaseCurrency)
      const address = chains.getAccount().address
      if (!quote || !purchaseCurrency || !paymentCurrency || !network || !address) return
      cancel()
      popup = openWindow('about:blank', 'allaccess-onramp', POPUP_FEATURES)
      if (!popup) {
        state.setState({ error: ONRAMP_TEXTS.popupBlocked })
        return
      }
      // The opener is kept: severing it (even `popup.opener = null` while still about:blank) stops Chromium from
      // letting this page close the window once the order is done (e2e/tests/onramp.spec.ts shows it).
      const window = popup
      state.setState({ error: undefined, retryAt: undefined, order: undefined })
      modal.navigate({ view: 'OnRampPending' })
      try {
        const { url, orderId } = await (await client()).checkoutUrl({
          destinationWallets: [{ address, blockchains: [network.name], assets: [purchaseCurrency.id] }],
          defaultNetwork: network.name,
          defaultExperience: 'buy',
          presetFiatAmount: Number(paymentAmount),
          paymentCurrency: paymentCurrency.id,
          paymentMethod,
        })
        window.location.href = url
        watch(orderId, window)
      } catch (error) {
        window.close()
        const seconds = throttleSeconds(message(error))
        state.setState({
          error: message(error),
          retryAt: seconds === undefined ? undefined : env.clock.now() + seconds * 1000,
        })
      }
    }

    /** Closes the provider's window and stops watching the order. */
    function cancel() {
      stopWatching()
      if (popup && !popup.closed) popup.close()
      popup = null
    }

    return {
      state,
      load,
      selectProvider,
      setPaymentAmount,
      setPaymentMethod,
      setPaymentCurrency,
      setPurchaseCurrency,
      fetchQuote,
      buy,
      cancel,
      destroy: () => {
        env.clock.clearTimeout(quoteTimer)
        cancel()
      },
    }
  }

export type OnrampFeature = ReturnType<ReturnType<typeof createOnrampFeature>>
