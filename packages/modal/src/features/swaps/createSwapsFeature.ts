// Over 350 lines on purpose: one controller whose quote timer, pending quote and approve-then-swap sequence share
// the closure's state; its pure parts (figures, slippage, errors) already live beside it. Split by step when a
// second family's swaps arrive (issue 32).
import {
  type ConvertQuote,
  type ConvertToken,
  type ConvertTransaction,
  minimumReceived,
  NATIVE_TOKEN_REFERENCE,
  SWAP_SLIPPAGE_DEFAULT,
  SWAP_SLIPPAGE_MAX,
  type TokenBalance,
} from '@allaccess/protocol'
import { tokenBalancesKey } from '../../api/cacheKeys'
import type { ConvertClient } from '../../api/createConvertClient'
import { CloudHttpError } from '../../api/errors'
import {
  RECEIPT_CONFIRMATIONS,
  RECEIPT_RETRY_COUNT,
  RECEIPT_RETRY_DELAY_MS,
  RECEIPT_WAIT_TIMEOUT_MS,
} from '../../app/constants'
import type { FeatureContext } from '../../app/featureContext'
import { isUserRejection } from '../../chains/isUserRejection'
import type { Network, WalletActions } from '../../chains/types'
import { fromUnits, toUnits } from '../../kernel/bigDecimal'
import { KernelError } from '../../kernel/errors'
import { createStore } from '../../kernel/store'
import {
  SWAP_MAX_GAS_RESERVE,
  SWAP_QUOTE_CACHE_MS,
  SWAP_QUOTE_DELAY_MS,
  SWAP_RATE_DECIMALS,
  SWAP_SLIPPAGE_HIGH,
  SWAP_SLIPPAGE_LOW,
  SWAP_SLIPPAGE_MIN,
  SWAP_SLIPPAGE_PATTERN,
  SWAP_TOKENS_CACHE_MS,
  SwapText,
} from './constants'
import { SwapError } from './errors'

export type SwapStep = 'form' | 'approving' | 'swapping' | 'pending' | 'done' | 'failed'

export type SwapsState = {
  /** The tokens the network's exchange swaps; undefined while loading. */
  tokens: ConvertToken[] | undefined
  from: ConvertToken | undefined
  to: ConvertToken | undefined
  /** What the visitor typed, in whole `from` tokens. */
  amount: string
  /** The slippage tolerance the swap allows, in percent: a preset's or the last valid one typed. */
  slippage: number
  /** What the visitor typed as their own slippage ('' when a preset is picked). */
  slippageInput: string
  /** Why the typed slippage is refused; no swap goes ahead meanwhile. */
  slippageError: string | undefined
  /** The quote for the current tokens and amount; never an older question's answer. */
  quote: ConvertQuote | undefined
  quoting: boolean
  /** Whether the exchange may not yet spend enough of `from`: the approve step comes first. */
  needsApproval: boolean
  step: SwapStep
  hash: string | undefined
  /** What went wrong, plainly. */
  error: string | undefined
}

const initial = (): SwapsState => ({
  tokens: undefined,
  from: undefined,
  to: undefined,
  amount: '',
  slippage: SWAP_SLIPPAGE_DEFAULT,
  slippageInput: '',
  slippageError: undefined,
  quote: undefined,
  quoting: false,
  needsApproval: false,
  step: 'form',
  hash: undefined,
  error: undefined,
})

/** The cloud's reason when it gave one (the texts docs/behaviour.md#swaps names among them), else `fallback`. */
const describe = (error: unknown, fallback: string) =>
  error instanceof CloudHttpError && error.status < 500 ? error.message : fallback

const isNative = (token: ConvertToken) => token.address.endsWith(`:${NATIVE_TOKEN_REFERENCE}`)

/**
 * Swaps (docs/behaviour.md#swaps): the exchange's tokens on the account's network, a live quote as the visitor
 * types (debounced; an answer to an older question is dropped), the approve step when the exchange may not spend
 * enough, then the swap the wallet confirms, pending until mined; balances and activity refresh after.
 */
export function createSwapsFeature({ options, env, chains, modal, cache }: FeatureContext) {
  const state = createStore<SwapsState>(initial())
  let timer: unknown
  /** Each question's number: only the latest one's answer is shown. */
  let asked = 0

  function client(): Promise<ConvertClient> {
    if (!options.api?.convert) throw new SwapError('noCloud')
    return options.api.convert()
  }

  function account(): { address: string; network: Network } {
    const { address, network } = chains.getAccount()
    if (!address || !network) throw new SwapError('notConnected')
    return { address, network }
  }

  async function wallet(): Promise<WalletActions> {
    const adapter = chains.adapterFor(chains.state.getState().activeNamespace)
    const actions = await adapter.loadWalletActions?.()
    if (!actions) throw new KernelError('noWalletActions')
    return actions
  }

  /** The network the form was set up for: coming back to it (from a token list) keeps what was entered. */
  let openedOn: string | undefined

  /** Sets the form up on the account's network, unless it already is: its tokens, ETH → the stablecoin picked. */
  async function open(): Promise<void> {
    const on = chains.getAccount().network?.caipNetworkId
    if (on !== undefined && on === openedOn) {
      // A swap that ended (the dialog closed on its done or failed step) leaves a fresh form behind.
      const { step } = state.getState()
      if (step === 'done') again()
      if (step === 'failed') retry()
      return
    }
    openedOn = on
    env.clock.clearTimeout(timer)
    asked++
    // Another network starts a new form; the slippage the visitor chose stays theirs.
    const { slippage, slippageInput, slippageError } = state.getState()
    state.setState({ ...initial(), slippage, slippageInput, slippageError })
    try {
      const { network } = account()
      const tokens = await cache.fetch({
        key: `convert:tokens:${network.caipNetworkId}`,
        staleMs: SWAP_TOKENS_CACHE_MS,
        fetch: async () => (await client()).tokens(network.caipNetworkId),
      })
      state.setState({ tokens, from: tokens[0], to: tokens[1] })
    } catch (error) {
      openedOn = undefined
      state.setState({ tokens: [], error: describe(error, SwapText.tokensFailed) })
    }
  }

  /** The account's balance of `token`, in whole tokens ('0' when it has none or it is unknown): as Account loaded it. */
  function balanceOf(token: ConvertToken): string {
    return knownBalanceOf(token) ?? '0'
  }

  /** As `balanceOf`, but undefined while Account's balances are not loaded (nothing is known to be short then). */
  function knownBalanceOf(token: ConvertToken): string | undefined {
    const { address, network } = chains.getAccount()
    const balances =
      address && network ? cache.get<TokenBalance[]>(tokenBalancesKey(network, address))?.data : undefined
    if (!balances) return undefined
    const id = token.address.toLowerCase()
    const native = isNative(token)
    const found = balances.find((balance) =>
      native ? balance.address === undefined : balance.address?.toLowerCase() === id,
    )
    return found?.quantity.numeric ?? '0'
  }

  function pick(side: 'from' | 'to', token: ConvertToken) {
    const { from, to } = state.getState()
    // Picking the other side's token swaps the two rather than ask for a swap of a token into itself.
    const other = side === 'from' ? to : from
    const swapped = other?.address === token.address ? (side === 'from' ? from : to) : other
    state.setState(side === 'from' ? { from: token, to: swapped } : { to: token, from: swapped })
    requote()
  }

  function flip() {
    const { from, to } = state.getState()
    state.setState({ from: to, to: from })
    requote()
  }

  function setAmount(amount: string) {
    state.setState({ amount })
    requote()
  }

  /** The whole balance of the token to pay; of ETH, less the gas the swap will cost (it fails with none left). */
  async function max() {
    const { from } = state.getState()
    if (!from) return
    const balance = balanceOf(from)
    if (!isNative(from)) return setAmount(balance)
    let reserve: bigint
    try {
      const { caipNetworkId } = account().network
      const { fast } = await cache.fetch({
        key: `convert:gasPrice:${caipNetworkId}`,
        staleMs: SWAP_QUOTE_CACHE_MS,
        fetch: async () => (await client()).gasPrice(caipNetworkId),
      })
      reserve = BigInt(fast) * SWAP_MAX_GAS_RESERVE
    } catch (error) {
      state.setState({ error: describe(error, SwapText.gasPriceFailed) })
      return
    }
    const units = toUnits(balance, from.decimals)
    if (state.getState().from === from)
      setAmount(fromUnits(units > reserve ? units - reserve : 0n, from.decimals))
  }

  /** docs/behaviour.md#swaps: a preset slippage tolerance, in percent. */
  function pickSlippage(slippage: number) {
    state.setState({ slippage, slippageInput: '', slippageError: undefined })
  }

  /** docs/behaviour.md#swaps: the visitor's own slippage tolerance, taken once it is a valid percentage. */
  function setSlippage(text: string) {
    const typed = text.trim()
    const value = Number(typed.replace(',', '.'))
    if (typed === '') {
      pickSlippage(SWAP_SLIPPAGE_DEFAULT)
      return
    }
    const valid =
      SWAP_SLIPPAGE_PATTERN.test(typed) && value >= SWAP_SLIPPAGE_MIN && value <= SWAP_SLIPPAGE_MAX
    state.setState(
      valid
        ? { slippage: value, slippageInput: text, slippageError: undefined }
        : { slippageInput: text, slippageError: SwapText.slippageInvalid },
    )
  }

  /** What the slippage shown risks, when it is unusually low or high. */
  function slippageWarning(slippage: number): string | undefined {
    if (slippage < SWAP_SLIPPAGE_LOW) return SwapText.slippageLow
    if (slippage > SWAP_SLIPPAGE_HIGH) return SwapText.slippageHigh
    return undefined
  }

  /** The amount in `from` base units; undefined (and the reason) when it is no amount. */
  function baseAmount(): { units?: bigint; problem?: string } {
    const { amount, from } = state.getState()
    if (!from || amount.trim() === '') return {}
    try {
      const units = toUnits(amount, from.decimals)
      return units > 0n ? { units } : { problem: SwapText.amount }
    } catch {
      return { problem: SwapText.amount }
    }
  }

  /**
   * Whether the account holds less `from` than the amount: nothing is reviewed, approved or swapped then. Balances
   * not loaded yet (or unavailable) hold nothing back: the wallet and the chain still refuse what can't be paid.
   */
  function shortOf(units: bigint): boolean {
    const { from } = state.getState()
    const held = from ? knownBalanceOf(from) : undefined
    return from !== undefined && held !== undefined && units > toUnits(held, from.decimals)
  }

  /** Drops the quote shown and asks again once the visitor pauses typing. */
  function requote() {
    env.clock.clearTimeout(timer)
    const mine = ++asked
    const { units, problem } = baseAmount()
    // Short of funds still gets its quote (the rate is worth seeing); Review stays refused (`canReview`).
    const error = problem ?? (units !== undefined && shortOf(units) ? SwapText.notEnoughFunds : undefined)
    state.setState({ quote: undefined, quoting: units !== undefined, needsApproval: false, error })
    if (units === undefined) return
    timer = env.clock.setTimeout(() => void quote(mine, units), SWAP_QUOTE_DELAY_MS)
  }

  async function quote(mine: number, units: bigint): Promise<void> {
    const { from, to } = state.getState()
    if (!from || !to) return
    try {
      const { address } = account()
      const api = await client()
      const [answer, allowance] = await Promise.all([
        // The same question within a few seconds (typed back, flipped twice) shares one answer.
        cache.fetch({
          key: `convert:quote:${from.address}:${to.address}:${units}`,
          staleMs: SWAP_QUOTE_CACHE_MS,
          fetch: () =>
            api.quote({ amount: units.toString(), userAddress: address, from: from.address, to: to.address }),
        }),
        isNative(from) ? Promise.resolve(units) : api.allowance(from.address, address),
      ])
      if (mine !== asked) return
      state.setState({ quote: answer, quoting: false, needsApproval: allowance < units })
    } catch (error) {
      if (mine === asked) state.setState({ quoting: false, error: describe(error, SwapText.quoteFailed) })
    }
  }

  /** Whether the quote shown is past its time: the swap must not go ahead at its price. */
  function expired(quote: ConvertQuote): boolean {
    return env.clock.now() >= quote.expiresAt * 1000
  }

  /** Whether Review may go ahead: a quote, a valid slippage, and the funds the swap spends. */
  function canReview(): boolean {
    const { quote, slippageError } = state.getState()
    const { units } = baseAmount()
    return quote !== undefined && slippageError === undefined && units !== undefined && !shortOf(units)
  }

  /** The preview: only with a quote that is still good; an expired one is asked again, and said so. */
  function preview(): void {
    const { quote } = state.getState()
    if (!quote) return
    if (!canReview()) {
      // The balance may have changed since the amount was typed: say why again.
      const { units } = baseAmount()
      if (units !== undefined && shortOf(units)) state.setState({ error: SwapText.notEnoughFunds })
      return
    }
    if (expired(quote)) {
      requote()
      state.setState({ error: SwapText.quoteExpired })
      return
    }
    modal.navigate({ view: 'SwapPreview' })
  }

  async function send(build: () => Promise<ConvertTransaction>) {
    const { address, network } = account()
    const tx = await build()
    const actions = await wallet()
    if (!actions.sendCall) throw new KernelError('noWalletActions')
    // Sent as the cloud built it: its family's own part (`eip155`: the gas limit) is the family's to read.
    const { to, data, value, eip155 } = tx
    const hash = await actions.sendCall({ from: address, network, to, data, value: BigInt(value), eip155 })
    state.setState({ hash })
    const outcome = await actions.waitForTransaction(hash, network, {
      timeoutMs: RECEIPT_WAIT_TIMEOUT_MS,
      confirmations: RECEIPT_CONFIRMATIONS,
      retryCount: RECEIPT_RETRY_COUNT,
      retryDelayMs: RECEIPT_RETRY_DELAY_MS,
    })
    if (outcome.status !== 'success') throw new SwapError('reverted')
    return outcome.hash
  }

  /** The approve step: lets the exchange spend `from`, then asks the allowance again. */
  async function approve(): Promise<void> {
    const { from, to, step } = state.getState()
    if (!from || !to || step !== 'form' || !canReview()) return
    state.setState({ step: 'approving', error: undefined })
    try {
      const { address } = account()
      const api = await client()
      const { units } = baseAmount()
      if (units === undefined) return state.setState({ step: 'form' })
      // Only what this swap spends: the cloud builds an unlimited approval only when asked for by name.
      await send(() =>
        api.buildApprove({
          userAddress: address,
          from: from.address,
          to: to.address,
          amount: units.toString(),
        }),
      )
      const allowance = await api.allowance(from.address, address)
      state.setState({
        step: 'form',
        hash: undefined,
        needsApproval: units !== undefined && allowance < units,
      })
    } catch (error) {
      state.setState({ step: 'form', hash: undefined, error: failure(error, SwapText.approveFailed) })
    }
  }

  /** The swap: built by the cloud for the current amount, confirmed in the wallet, pending until mined. */
  async function swap(): Promise<void> {
    const { from, to, quote, slippage, slippageError, step, needsApproval } = state.getState()
    const { units } = baseAmount()
    if (!from || !to || !quote || units === undefined || step !== 'form' || needsApproval || slippageError)
      return
    if (shortOf(units)) return state.setState({ error: SwapText.notEnoughFunds })
    if (expired(quote)) {
      state.setState({ error: SwapText.quoteExpired })
      requote()
      return
    }
    state.setState({ step: 'swapping', error: undefined })
    try {
      const { address } = account()
      const api = await client()
      const hash = await send(async () => {
        const tx = await api.buildTransaction({
          amount: units.toString(),
          from: from.address,
          to: to.address,
          userAddress: address,
          eip155: { slippage },
        })
        // The pools moved past the slippage since the quote: the visitor agreed to the quote, not to this.
        if (BigInt(tx.amountOut) < minimumReceived(BigInt(quote.toAmount), slippage))
          throw new SwapError('priceMoved')
        state.setState({ step: 'pending' })
        return tx
      })
      state.setState({ step: 'done' })
      void modal.refreshAccount(hash)
    } catch (error) {
      state.setState({ step: 'failed', error: failure(error, SwapText.swapFailed) })
    }
  }

  function failure(error: unknown, fallback: string): string {
    if (isUserRejection(error)) return SwapText.rejected
    if (error instanceof Error && Object.values(SwapText).includes(error.message as never))
      return error.message
    return describe(error, fallback)
  }

  /** Back to the form after a failed swap, keeping what was entered (and saying what went wrong). */
  function retry() {
    state.setState({ step: 'form', hash: undefined })
  }

  /** Back to the form after a swap, keeping the tokens. */
  function again() {
    state.setState({ step: 'form', hash: undefined, amount: '', quote: undefined, error: undefined })
  }

  /** What the preview shows, worked out from the quote. */
  function figures(quote: ConvertQuote, from: ConvertToken, to: ConvertToken, slippage: number) {
    const fromAmount = fromUnits(BigInt(quote.fromAmount), from.decimals)
    const toAmount = fromUnits(BigInt(quote.toAmount), to.decimals)
    return {
      fromAmount,
      toAmount,
      rate: rateText(Number(fromAmount), from.symbol, Number(toAmount), to.symbol),
      priceImpact: `${quote.priceImpact.toFixed(2)}%`,
      fee: `${fromUnits(BigInt(quote.fee), from.decimals)} ${from.symbol} (${quote.feePercent}%)`,
      minimumReceived: `${fromUnits(minimumReceived(BigInt(quote.toAmount), slippage), to.decimals)} ${to.symbol}`,
      slippage: `${slippage}%`,
    }
  }

  return {
    state,
    open,
    pick,
    flip,
    setAmount,
    pickSlippage,
    setSlippage,
    slippageWarning,
    max,
    balanceOf,
    canReview,
    preview,
    approve,
    swap,
    again,
    retry,
    figures,
    destroy: () => env.clock.clearTimeout(timer),
  }
}

export type SwapsFeature = ReturnType<typeof createSwapsFeature>

/**
 * The rate as one of the dearer token in the other, always with SWAP_RATE_DECIMALS decimals: "1 ETH = 2990.12
 * tUSD" whichever way the swap goes (a rate below 1 would need ever more decimals to say anything).
 */
export function rateText(paid: number, paidSymbol: string, received: number, receivedSymbol: string): string {
  const perPaid = received / paid
  return perPaid >= 1
    ? `1 ${paidSymbol} = ${perPaid.toFixed(SWAP_RATE_DECIMALS)} ${receivedSymbol}`
    : `1 ${receivedSymbol} = ${(paid / received).toFixed(SWAP_RATE_DECIMALS)} ${paidSymbol}`
}
