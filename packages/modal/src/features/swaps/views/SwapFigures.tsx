import type { SwapsFeature } from '../createSwapsFeature'

/** The quote's figures as a list of terms: rate, price impact, fees, minimum received, slippage. */
export function SwapFigures({ figures }: { figures: ReturnType<SwapsFeature['figures']> }) {
  return (
    <dl className="swap-figures" aria-label="Quote">
      <dt>Rate</dt>
      <dd>{figures.rate}</dd>
      <dt>Price impact</dt>
      <dd>{figures.priceImpact}</dd>
      <dt>Provider fee</dt>
      <dd>{figures.fee}</dd>
      <dt>Minimum received</dt>
      <dd>{figures.minimumReceived}</dd>
      <dt>Slippage tolerance</dt>
      <dd>{figures.slippage}</dd>
    </dl>
  )
}
