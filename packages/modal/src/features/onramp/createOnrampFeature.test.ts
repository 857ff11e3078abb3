import {
  ONRAMP_TEXTS,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampQuote,
  onrampLimitTexts,
} from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OnrampClient } from '../../api/createOnrampClient'
import { CloudHttpError } from '../../api/errors'
import type { FeatureContext } from '../../app/featureContext'
import { systemClock } from '../../kernel/environment'
import { alice, devnetNetwork } from '../../testing/devnet'
import { ORDER_POLL_MS, QUOTE_DELAY_MS } from './constants'
import { createOnrampFeature } from './createOnrampFeature'

// The behaviour these tests check: docs/behaviour.md#on-ramp.

const limits = [
  { id: 'card' as const, min: 10, max: 7500 },
  { id: 'ach_bank_account' as const, min: 10, max: 25_000 },
]
const devnet = { name: 'devnet', display_name: 'Local devnet', chain_id: '31337', contract_address: '0x1' }
const OPTIONS: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0x2' },
        devnet,
      ],
    },
    { id: 'ETHX', name: 'Elsewhere', symbol: 'ETHX', networks: [{ ...devnet, chain_id: '1' }] },
  ],
  paymentCurrencies: [
    { id: 'USD', name: 'US Dollar', symbol: '$', limits },
    { id: 'EUR', name: 'Euro', symbol: '€', limits },
  ],
}
const money = (amount: string, currency = 'USD') => ({ amount, currency })
const QUOTE: OnrampQuote = {
  networkFee: money('0.01'),
  providerFee: money('0.75'),
  paymentSubtotal: money('49.24'),
  paymentTotal: money('50.00'),
  purchaseAmount: money('49.24', 'USDC'),
  quoteId: 'q1',
}
const order = (status: OnrampOrder['status']): OnrampOrder => ({
  id: 'o1',
  status,
  purchaseAmount: money('49.24', 'USDC'),
  paymentTotal: money('50.00'),
  address: alice.toLowerCase(),
  chainId: 31337,
  txHash: status === 'completed' ? '0xabc' : null,
})

function harness(client: Partial<OnrampClient> = {}) {
  const api: OnrampClient = {
    options: vi.fn(async () => OPTIONS),
    quote: vi.fn(async () => QUOTE),
    checkoutUrl: vi.fn(async () => ({
      url: 'http://cloud/onramp/sandbox/checkout?orderId=o1',
      orderId: 'o1',
    })),
    order: vi.fn(async () => order('pending')),
    ...client,
  }
  const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() }
  popup.close.mockImplementation(() => {
    popup.closed = true
  })
  const openWindow = vi.fn(() => popup as unknown as Window)
  const navigate = vi.fn()
  const refreshAccount = vi.fn(async () => {})
  const context = {
    options: { api: { onramp: async () => api } },
    env: { clock: systemClock },
    chains: { getActiveNetwork: () => devnetNetwork, getAccount: () => ({ address: alice }) },
    modal: { navigate, refreshAccount },
  } as unknown as FeatureContext
  const onramp = createOnrampFeature({ openWindow })(context)
  return { onramp, api, popup, openWindow, navigate, refreshAccount }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the on-ramp', () => {
  it('offers what can be bought on the connected network, USDC and USD first (docs/behaviour.md#on-ramp)', async () => {
    const { onramp } = harness()
    await onramp.load()
    const state = onramp.state.getState()
    expect(state.purchaseCurrencies.map((currency) => currency.id)).toEqual(['USDC'])
    expect(state.purchaseCurrency?.id).toBe('USDC')
    expect(state.paymentCurrency?.id).toBe('USD')
    expect(state.paymentMethod).toBe('card')
  })

  it('names what arrives: on a network without USDC (the devnet) the currency offered there, its own name', async () => {
    const testUsd = { id: 'tUSD', name: 'Test USD', symbol: 'tUSD', networks: [devnet] }
    const usdcElsewhere = {
      ...OPTIONS.purchaseCurrencies[0],
      networks: [],
    } as OnrampOptions['purchaseCurrencies'][0]
    const { onramp, api } = harness({
      options: vi.fn(async () => ({ ...OPTIONS, purchaseCurrencies: [usdcElsewhere, testUsd] })),
    })
    await onramp.load()
    expect(onramp.state.getState().purchaseCurrencies.map((currency) => currency.symbol)).toEqual(['tUSD'])
    expect(onramp.state.getState().purchaseCurrency?.id).toBe('tUSD')
    onramp.setPaymentAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    expect(api.quote).toHaveBeenCalledWith(expect.objectContaining({ purchaseCurrency: 'tUSD' }))
  })

  it('a throttled order keeps the spec text and says when it may be tried again (the view counts down)', async () => {
    const { onramp } = harness({
      checkoutUrl: vi.fn(async () => {
        throw new CloudHttpError(429, 'Please try again after 42 seconds')
      }),
    })
    await onramp.load()
    onramp.setPaymentAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    const before = Date.now()
    await onramp.buy()
    expect(onramp.state.getState()).toMatchObject({
      error: 'Please try again after 42 seconds',
      retryAt: before + 42_000,
    })
  })

  it('says the limit the amount breaks, per payment method and currency, and asks for no quote then', async () => {
    const { onramp, api } = harness()
    await onramp.load()
    onramp.setPaymentAmount('5')
    expect(onramp.state.getState().problem).toBe(onrampLimitTexts.min('card', 10, 'USD'))
    onramp.setPaymentAmount('8000')
    expect(onramp.state.getState().problem).toBe('The maximum purchase by card is 7,500 USD')
    onramp.setPaymentMethod('ach_bank_account')
    expect(onramp.state.getState().problem).toBeUndefined()
    onramp.setPaymentMethod('card')
    onramp.setPaymentCurrency('EUR')
    expect(onramp.state.getState().problem).toBe('The maximum purchase by card is 7,500 EUR')
    onramp.setPaymentAmount('12.345')
    expect(onramp.state.getState().problem).toBe(ONRAMP_TEXTS.amount)
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS * 2)
    expect(api.quote).not.toHaveBeenCalled()
  })

  it('quotes once typing pauses: quotesLoading while fetching, stale answers dropped (docs/behaviour.md#on-ramp)', async () => {
    let answer: (quote: OnrampQuote) => void = () => {}
    const quote = vi.fn(() => new Promise<OnrampQuote>((resolve) => (answer = resolve)))
    const { onramp } = harness({ quote })
    await onramp.load()
    onramp.setPaymentAmount('5')
    onramp.setPaymentAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    expect(quote).toHaveBeenCalledTimes(1)
    expect(quote).toHaveBeenCalledWith({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'devnet',
      paymentMethod: 'card',
    })
    expect(onramp.state.getState().quotesLoading).toBe(true)
    answer(QUOTE)
    await vi.advanceTimersByTimeAsync(0)
    expect(onramp.state.getState()).toMatchObject({
      quotesLoading: false,
      quote: QUOTE,
      purchaseAmount: '49.24',
    })

    // An answer to an amount the visitor has since changed is not shown.
    onramp.setPaymentAmount('60')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    onramp.setPaymentAmount('70')
    answer(QUOTE)
    await vi.advanceTimersByTimeAsync(0)
    expect(onramp.state.getState().quote).toBeUndefined()
  })

  it('on a failed quote stores the error and returns nothing (docs/behaviour.md#on-ramp)', async () => {
    const { onramp } = harness({
      quote: vi.fn(async () => {
        throw new CloudHttpError(400, 'The minimum purchase by card is 10 USD')
      }),
    })
    await onramp.load()
    onramp.state.setState({ paymentAmount: '50' })
    await expect(onramp.fetchQuote()).resolves.toBeUndefined()
    expect(onramp.state.getState()).toMatchObject({
      quotesLoading: false,
      quote: undefined,
      error: 'The minimum purchase by card is 10 USD',
    })
  })

  it('opens the checkout in a window of its own, polls the order, and is done when the tokens are sent', async () => {
    const statuses: OnrampOrder['status'][] = ['pending', 'declined', 'processing', 'completed']
    const { onramp, api, popup, openWindow, navigate, refreshAccount } = harness({
      order: vi.fn(async () => order(statuses.shift() ?? 'completed')),
    })
    await onramp.load()
    onramp.setPaymentAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    const buying = onramp.buy()
    // Opened before anything is awaited: a pop-up blocker lets a window opened in the click.
    expect(openWindow).toHaveBeenCalledTimes(1)
    await buying
    expect(api.checkoutUrl).toHaveBeenCalledWith(
      expect.objectContaining({
        destinationWallets: [{ address: alice, blockchains: ['devnet'], assets: ['USDC'] }],
        presetFiatAmount: 50,
        paymentCurrency: 'USD',
      }),
    )
    expect(popup.location.href).toBe('http://cloud/onramp/sandbox/checkout?orderId=o1')
    expect(navigate).toHaveBeenLastCalledWith({ view: 'OnRampPending' })
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2)
    expect(onramp.state.getState().order?.status).toBe('declined')
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2)
    expect(onramp.state.getState().order?.status).toBe('completed')
    expect(popup.close).toHaveBeenCalled()
    expect(refreshAccount).toHaveBeenCalledWith('0xabc')
    expect(navigate).toHaveBeenLastCalledWith({ view: 'OnRampDone' })
    const asked = vi.mocked(api.order).mock.calls.length
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3)
    expect(api.order).toHaveBeenCalledTimes(asked)
  })

  it('fails when the window is closed before the purchase is done, and says when it was blocked', async () => {
    const { onramp, popup, api } = harness()
    await onramp.load()
    onramp.setPaymentAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    await onramp.buy()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS)
    expect(onramp.state.getState().error).toBe(ONRAMP_TEXTS.popupClosed)
    const asked = vi.mocked(api.order).mock.calls.length
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3)
    expect(api.order).toHaveBeenCalledTimes(asked)

    const blocked = harness()
    blocked.openWindow.mockReturnValue(null as unknown as Window)
    await blocked.onramp.load()
    blocked.onramp.setPaymentAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS)
    await blocked.onramp.buy()
    expect(blocked.onramp.state.getState().error).toBe(ONRAMP_TEXTS.popupBlocked)
    expect(blocked.api.checkoutUrl).not.toHaveBeenCalled()
  })
})
