import type { ConvertQuote, ConvertToken, TokenBalance } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tokenBalancesKey } from '../../api/cacheKeys'
import type { ConvertClient } from '../../api/createConvertClient'
import { CloudHttpError } from '../../api/errors'
import type { Modal, ModalOptions } from '../../app/modal'
import { createChains } from '../../chains/createChains'
import type { ChainAdapter, ConnectionState, WalletActions } from '../../chains/types'
import { createEnvironment, systemClock } from '../../kernel/environment'
import { createQueryCache } from '../../kernel/queryCache'
import { alice, devnetNetwork } from '../../testing/devnet'
import { SWAP_MAX_GAS_RESERVE, SWAP_QUOTE_DELAY_MS, SWAP_SLIPPAGE_HIGH, SwapText } from './constants'
import { createSwapsFeature, rateText } from './createSwapsFeature'

// The behaviour these tests check: docs/behaviour.md#swaps.

const ETH: ConvertToken = {
  address: 'eip155:31337:native',
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
  logoUri: '',
}
const USD: ConvertToken = {
  address: 'eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  name: 'Test USD',
  symbol: 'tUSD',
  decimals: 6,
  logoUri: '',
}

/** A quote for `amount` base units at 3,000 tUSD an ETH, good for 30 s from now. */
const quoteFor = (amount: string, rate = 3000n): ConvertQuote => ({
  id: amount,
  fromAmount: amount,
  toAmount: ((BigInt(amount) * rate) / 10n ** 12n).toString(),
  route: [],
  priceImpact: 0.01,
  fee: '0',
  feePercent: 0.3,
  gasFee: '0',
  expiresAt: Math.floor(Date.now() / 1000) + 30,
})

/** The account's balances as Account loaded them: 1 ETH and 12.5 tUSD. */
const BALANCES: TokenBalance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    price: 0,
    iconUrl: '',
    quantity: { decimals: '18', numeric: '1' },
  },
  {
    name: 'Test USD',
    symbol: 'tUSD',
    chainId: 'eip155:31337',
    address: USD.address,
    price: 1,
    iconUrl: '',
    quantity: { decimals: '6', numeric: '12.5' },
  },
]

function harness(client: Partial<ConvertClient> = {}, wallet: Partial<WalletActions> = {}) {
  const state: ConnectionState = {
    connections: new Map([
      ['c', { connectorId: 'testkit', accounts: [{ address: alice, type: 'eoa' }], chainId: 31337 }],
    ]),
    current: 'c',
    status: 'connected',
  }
  const actions = {
    sendCall: vi.fn(async () => '0xhash'),
    waitForTransaction: vi.fn(async () => ({ hash: '0xhash', status: 'success' as const })),
    ...wallet,
  } as unknown as WalletActions
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    networks: [devnetNetwork],
    getConnectors: () => [],
    getConnectionState: () => state,
    subscribe: () => () => {},
    connect: async () => {},
    disconnect: async () => {},
    loadWalletActions: async () => actions,
  } as unknown as ChainAdapter
  const convert = {
    tokens: vi.fn(async () => [ETH, USD]),
    quote: vi.fn(async ({ amount }: { amount: string }) => quoteFor(amount)),
    allowance: vi.fn(async () => 0n),
    buildApprove: vi.fn(async () => ({ to: USD.address, data: '0x', value: '0' })),
    buildTransaction: vi.fn(async ({ amount }: { amount: string }) => ({
      to: '0xrouter',
      data: '0x',
      value: amount,
      eip155: { gasPrice: '1' },
      amountOut: quoteFor(amount).toAmount,
      minimumReceived: '0',
    })),
    ...client,
  } as unknown as ConvertClient
  const cache = createQueryCache(systemClock)
  cache.set(tokenBalancesKey(devnetNetwork, alice), BALANCES, Date.now())
  const modal = {
    navigate: vi.fn(),
    refreshAccount: vi.fn(async () => {}),
  } as unknown as Modal
  const feature = createSwapsFeature({
    options: { api: { convert: async () => convert } } as unknown as ModalOptions,
    env: createEnvironment({ clock: systemClock, matchMedia: undefined }),
    chains: createChains([adapter]),
    banner: { show: vi.fn(), hide: vi.fn() } as never,
    modal,
    analytics: { track: vi.fn(), reportError: vi.fn() },
    cache,
  })
  return { feature, convert, actions, modal, cache }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Swaps', () => {
  it('Max pays the whole balance of a token; of ETH, all but the gas the swap costs at the fast price', async () => {
    const gasPrice = vi.fn(async () => ({ standard: '1', fast: '2000000000', instant: '3' }))
    const { feature, cache } = harness({ gasPrice })
    cache.set(tokenBalancesKey(devnetNetwork, alice), BALANCES, Date.now())
    await feature.open()
    await feature.max()
    // 2 gwei × 200,000 gas = 0.0004 ETH kept.
    expect(2_000_000_000n * SWAP_MAX_GAS_RESERVE).toBe(400_000_000_000_000n)
    expect(feature.state.getState().amount).toBe('0.9996')
    expect(gasPrice).toHaveBeenCalledWith('eip155:31337')
    feature.pick('from', USD)
    await feature.max()
    expect(feature.state.getState().amount).toBe('12.5')
    expect(gasPrice).toHaveBeenCalledTimes(1)

    const failing = harness({ gasPrice: vi.fn(async () => Promise.reject(new Error('down'))) })
    failing.cache.set(tokenBalancesKey(devnetNetwork, alice), BALANCES, Date.now())
    await failing.feature.open()
    await failing.feature.max()
    expect(failing.feature.state.getState()).toMatchObject({ amount: '', error: SwapText.gasPriceFailed })
  })

  it("starts on the network's tokens, ETH → the stablecoin; picking the other side's token turns the swap around", async () => {
    const { feature } = harness()
    await feature.open()
    expect(feature.state.getState()).toMatchObject({ from: ETH, to: USD, slippage: 1 })
    feature.pick('from', USD)
    expect(feature.state.getState()).toMatchObject({ from: USD, to: ETH })
  })

  it('asks for a quote once the visitor pauses typing, and shows only the latest question’s answer', async () => {
    let answerFirst: (quote: ConvertQuote) => void = () => {}
    const { feature, convert } = harness({
      quote: vi.fn(({ amount }) =>
        amount === '10000000000000000'
          ? new Promise<ConvertQuote>((resolve) => {
              answerFirst = resolve
            })
          : Promise.resolve(quoteFor(amount)),
      ),
    })
    await feature.open()
    feature.setAmount('0.0')
    feature.setAmount('0.01')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(convert.quote).toHaveBeenCalledOnce()
    feature.setAmount('0.02')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(feature.state.getState().quote?.fromAmount).toBe('20000000000000000')
    // The first answer comes last: it is dropped.
    answerFirst(quoteFor('10000000000000000'))
    await vi.advanceTimersByTimeAsync(0)
    expect(feature.state.getState().quote?.fromAmount).toBe('20000000000000000')
    expect(feature.state.getState().needsApproval).toBe(false)
  })

  it('says what the cloud refuses, and an amount that is none, plainly', async () => {
    const { feature } = harness({
      quote: vi.fn(async () => {
        throw new CloudHttpError(400, 'Network not supported for Swaps')
      }),
    })
    await feature.open()
    feature.setAmount('abc')
    expect(feature.state.getState().error).toBe(SwapText.amount)
    feature.setAmount('1')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(feature.state.getState()).toMatchObject({
      error: 'Network not supported for Swaps',
      quoting: false,
    })
  })

  it('an expired quote is not used: Review asks again instead', async () => {
    const { feature, convert, modal } = harness()
    await feature.open()
    feature.setAmount('1')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    vi.setSystemTime(Date.now() + 31_000)
    feature.preview()
    expect(modal.navigate).not.toHaveBeenCalled()
    expect(feature.state.getState()).toMatchObject({ error: SwapText.quoteExpired, quote: undefined })
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(convert.quote).toHaveBeenCalledTimes(2)
    feature.preview()
    expect(modal.navigate).toHaveBeenCalledWith({ view: 'SwapPreview' })
  })

  it('a token the router may not spend yet: approve first, then swap; Account is read again', async () => {
    let allowance = 0n
    const { feature, convert, actions, modal } = harness({ allowance: vi.fn(async () => allowance) })
    await feature.open()
    feature.pick('from', USD)
    feature.setAmount('5')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(feature.state.getState().needsApproval).toBe(true)
    await feature.swap()
    expect(convert.buildTransaction).not.toHaveBeenCalled()
    allowance = 5_000_000n
    await feature.approve()
    // The approval is for this swap's 5 tUSD (6 decimals), never unlimited.
    expect(convert.buildApprove).toHaveBeenCalledWith({
      userAddress: alice,
      from: USD.address,
      to: ETH.address,
      amount: '5000000',
    })
    expect(feature.state.getState()).toMatchObject({ needsApproval: false, step: 'form' })
    await feature.swap()
    expect(actions.sendCall).toHaveBeenCalledTimes(2)
    expect(feature.state.getState().step).toBe('done')
    expect(modal.refreshAccount).toHaveBeenCalledWith('0xhash')
  })

  it('nothing is sent when the built swap gives less than the quote allowed', async () => {
    const { feature, actions } = harness({
      quote: vi.fn(async ({ amount }) => quoteFor(amount, 4000n)),
    })
    await feature.open()
    feature.setAmount('1')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    await feature.swap()
    expect(actions.sendCall).not.toHaveBeenCalled()
    expect(feature.state.getState()).toMatchObject({ step: 'failed', error: SwapText.priceMoved })
    // Back on the form, with what was entered: the swap can be tried again.
    feature.retry()
    expect(feature.state.getState()).toMatchObject({ step: 'form', amount: '1' })
    await feature.open()
    expect(feature.state.getState().amount).toBe('1')
  })

  it("the visitor's own slippage: a preset or a percentage they type; the swap is built with it", async () => {
    const { feature, convert } = harness()
    await feature.open()
    feature.pickSlippage(0.5)
    expect(feature.state.getState()).toMatchObject({
      slippage: 0.5,
      slippageInput: '',
      slippageError: undefined,
    })
    feature.setSlippage('2,5')
    expect(feature.state.getState()).toMatchObject({ slippage: 2.5, slippageError: undefined })
    feature.setAmount('1')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    const { quote } = feature.state.getState()
    if (!quote) throw new Error('no quote')
    // 3,000 tUSD less 2.5 %.
    expect(feature.figures(quote, ETH, USD, 2.5).minimumReceived).toBe('2925 tUSD')
    await feature.swap()
    expect(convert.buildTransaction).toHaveBeenCalledWith(
      expect.objectContaining({ eip155: { slippage: 2.5 } }),
    )
  })

  it('a slippage that is no percentage from 0.01 to 50 is refused and holds the swap back; empty is the default', async () => {
    const { feature, convert, modal } = harness()
    await feature.open()
    feature.setAmount('1')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    for (const typed of ['0', '0.001', '51', '1e1', '-1', 'abc', '1.234']) {
      feature.setSlippage(typed)
      expect(feature.state.getState(), typed).toMatchObject({
        slippage: 1,
        slippageInput: typed,
        slippageError: SwapText.slippageInvalid,
      })
    }
    feature.preview()
    expect(modal.navigate).not.toHaveBeenCalled()
    await feature.swap()
    expect(convert.buildTransaction).not.toHaveBeenCalled()
    feature.setSlippage('')
    expect(feature.state.getState()).toMatchObject({ slippage: 1, slippageError: undefined })
    feature.preview()
    expect(modal.navigate).toHaveBeenCalledWith({ view: 'SwapPreview' })
  })

  it('a token the account holds too little of: Not enough funds (as Send says), no Review, no approval, no swap', async () => {
    const { feature, convert, actions, modal } = harness()
    await feature.open()
    feature.pick('from', USD)
    feature.setAmount('12.500001')
    expect(feature.state.getState().error).toBe('Not enough funds')
    // The quote still comes (the rate is worth seeing), and the error stays.
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(feature.state.getState()).toMatchObject({ error: 'Not enough funds', needsApproval: true })
    expect(feature.state.getState().quote).toBeDefined()
    expect(feature.canReview()).toBe(false)
    feature.preview()
    expect(modal.navigate).not.toHaveBeenCalled()
    await feature.approve()
    await feature.swap()
    expect(convert.buildApprove).not.toHaveBeenCalled()
    expect(actions.sendCall).not.toHaveBeenCalled()
    // All of it is enough.
    feature.setAmount('12.5')
    expect(feature.state.getState().error).toBeUndefined()
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DELAY_MS)
    expect(feature.canReview()).toBe(true)

    // Balances not loaded (Account's read failed): nothing is known to be short, nothing is held back.
    const unknown = harness()
    unknown.cache.remove(tokenBalancesKey(devnetNetwork, alice))
    await unknown.feature.open()
    unknown.feature.setAmount('100')
    expect(unknown.feature.state.getState().error).toBeUndefined()
  })

  it('the rate is one of the dearer token in the other, with 2 decimals, whichever way the swap goes', () => {
    expect(rateText(0.01, 'ETH', 29.9012, 'tUSD')).toBe('1 ETH = 2990.12 tUSD')
    expect(rateText(5, 'tUSD', 0.001672, 'ETH')).toBe('1 ETH = 2990.43 tUSD')
    expect(rateText(2, 'TGLD', 2, 'tUSD')).toBe('1 TGLD = 1.00 tUSD')
  })

  it('says what an unusually low or high slippage risks', () => {
    const { feature } = harness()
    expect(feature.slippageWarning(0.05)).toBe(SwapText.slippageLow)
    expect(feature.slippageWarning(1)).toBeUndefined()
    expect(feature.slippageWarning(SWAP_SLIPPAGE_HIGH)).toBeUndefined()
    expect(feature.slippageWarning(SWAP_SLIPPAGE_HIGH + 0.01)).toBe(SwapText.slippageHigh)
  })
})
