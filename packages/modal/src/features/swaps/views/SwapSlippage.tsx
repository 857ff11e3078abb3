import { useId } from 'react'
import { SWAP_SLIPPAGE_PRESETS } from '../constants'
import { useSwaps, useSwapsState } from './useSwaps'

/**
 * The slippage tolerance (docs/behaviour.md#swaps), folded away: a preset with one press, or the visitor's own
 * percentage; a refused figure holds the swap back, an unusually low or high one says what it risks.
 */
export function SwapSlippage() {
  const swaps = useSwaps()
  const id = useId()
  const { slippage, slippageInput, slippageError } = useSwapsState((state) => state)
  const warning = slippageError ? undefined : swaps.slippageWarning(slippage)
  const note = slippageError ?? warning
  return (
    <details className="swap-slippage">
      {/* Folded, it still says when the figure typed holds the swap back. */}
      <summary>Slippage settings{slippageError ? ' (to fix)' : ''}</summary>
      <fieldset>
        <legend>Slippage tolerance</legend>
        <div className="swap-row">
          {SWAP_SLIPPAGE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="secondary-button"
              aria-pressed={slippageInput === '' && slippage === preset}
              onClick={() => swaps.pickSlippage(preset)}
            >
              {preset}%
            </button>
          ))}
          <input
            aria-label="Your own slippage tolerance (%)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Custom %"
            value={slippageInput}
            aria-invalid={slippageError ? true : undefined}
            aria-describedby={note ? `${id}-note` : undefined}
            onChange={(event) => swaps.setSlippage(event.currentTarget.value)}
          />
        </div>
        {note ? (
          <p
            id={`${id}-note`}
            className={slippageError ? 'error' : 'muted'}
            role={slippageError ? 'alert' : undefined}
          >
            {note}
          </p>
        ) : null}
      </fieldset>
    </details>
  )
}
