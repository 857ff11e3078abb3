import { type FormEvent, useEffect, useId } from 'react'
import { truncateAmount } from '../../../kernel/formatBalance'
import { StepFeedback } from '../../../ui/components/StepFeedback'
import { useModal } from '../../../ui/shell/hooks'
import { useViewStyles } from '../../../ui/shell/viewStyles'
import { SwapFigures } from './SwapFigures'
import { SwapSlippage } from './SwapSlippage'
import { swapsCss } from './swaps.css'
import { useSwaps, useSwapsState } from './useSwaps'

/**
 * Swap (docs/behaviour.md#swaps): the token to pay with and its amount (Max: the whole balance), the token to
 * receive, and the live quote — rate, price impact, fees, minimum received, slippage — as the visitor types; the
 * slippage tolerance is theirs to set.
 */
export function SwapView() {
  useViewStyles(swapsCss)
  const modal = useModal()
  const swaps = useSwaps()
  const id = useId()
  const { tokens, from, to, amount, quote, quoting, error, needsApproval, slippage } = useSwapsState(
    (state) => state,
  )
  useEffect(() => {
    void swaps.open()
  }, [swaps])
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    swaps.preview()
  }
  const received = quote && from && to ? swaps.figures(quote, from, to, slippage) : undefined
  return (
    <form className="stack swap" onSubmit={onSubmit} noValidate>
      <div className="swap-side">
        <label htmlFor={`${id}-amount`}>You pay</label>
        <div className="swap-row">
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amount}
            disabled={!from}
            onChange={(event) => swaps.setAmount(event.currentTarget.value)}
          />
          <button
            type="button"
            className="secondary-button"
            aria-label={`Token to pay: ${from?.symbol ?? 'none'}. Choose another`}
            disabled={!tokens?.length}
            onClick={() => modal.navigate({ view: 'SwapSelectToken', data: { side: 'from' } })}
          >
            {from?.symbol ?? 'Choose'}
          </button>
        </div>
        {from ? (
          <div className="swap-row muted">
            <span>Balance: {truncateAmount(swaps.balanceOf(from))}</span>
            <button type="button" className="secondary-button" onClick={() => swaps.max()}>
              Max
            </button>
          </div>
        ) : null}
      </div>
      <button type="button" className="secondary-button" disabled={!from || !to} onClick={() => swaps.flip()}>
        Switch tokens
      </button>
      <div className="swap-side">
        <span className="swap-label" id={`${id}-to`}>
          You receive
        </span>
        <div className="swap-row">
          <output className="swap-out" aria-labelledby={`${id}-to`} aria-live="polite">
            {received ? truncateAmount(received.toAmount) : '0'}
          </output>
          <button
            type="button"
            className="secondary-button"
            aria-label={`Token to receive: ${to?.symbol ?? 'none'}. Choose another`}
            disabled={!tokens?.length}
            onClick={() => modal.navigate({ view: 'SwapSelectToken', data: { side: 'to' } })}
          >
            {to?.symbol ?? 'Choose'}
          </button>
        </div>
      </div>
      <StepFeedback busy={tokens === undefined || quoting} busyText="Finding the best quote…" error={error} />
      {received ? <SwapFigures figures={received} /> : null}
      <SwapSlippage />
      <button type="submit" className="primary-button" disabled={!swaps.canReview()}>
        {needsApproval ? `Review: approve ${from?.symbol}, then swap` : 'Review swap'}
      </button>
    </form>
  )
}
