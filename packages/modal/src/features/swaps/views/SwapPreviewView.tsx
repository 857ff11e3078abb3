import { truncateAmount } from '../../../kernel/formatBalance'
import { BusyButton } from '../../../ui/components/BusyButton/BusyButton'
import { StepFeedback } from '../../../ui/components/StepFeedback'
import { TransactionHash } from '../../../ui/components/TransactionHash/TransactionHash'
import { useModal, useModalAccount } from '../../../ui/shell/hooks'
import { useViewStyles } from '../../../ui/shell/viewStyles'
import { SwapFigures } from './SwapFigures'
import { swapsCss } from './swaps.css'
import { useSwaps, useSwapsState } from './useSwaps'

const BUSY: Record<string, string> = {
  approving: 'Approve in your wallet, then wait for the approval…',
  swapping: 'Confirm the swap in your wallet…',
  pending: 'Swap pending…',
}

/**
 * The swap's preview (docs/behaviour.md#swaps): what is paid and received, the quote's figures; the approve step
 * first when the exchange may not spend enough; then the swap, the wallet's confirmation, pending and done.
 */
export function SwapPreviewView() {
  useViewStyles(swapsCss)
  const modal = useModal()
  const { network } = useModalAccount()
  const swaps = useSwaps()
  const { from, to, quote, slippage, step, needsApproval, error, hash } = useSwapsState((state) => state)
  if (!from || !to || !quote) return <StepFeedback busy={false} busyText="" error={error} />
  const figures = swaps.figures(quote, from, to, slippage)
  const busy = step in BUSY
  return (
    <div className="stack swap">
      <dl className="swap-figures" aria-label="Swap">
        <dt>You pay</dt>
        <dd>
          {truncateAmount(figures.fromAmount)} {from.symbol}
        </dd>
        <dt>You receive</dt>
        <dd>
          {truncateAmount(figures.toAmount)} {to.symbol}
        </dd>
      </dl>
      <SwapFigures figures={figures} />
      <StepFeedback busy={busy} busyText={BUSY[step] ?? ''} error={error} />
      {step === 'done' ? (
        <>
          <p role="status">
            Swapped {truncateAmount(figures.fromAmount)} {from.symbol} for {truncateAmount(figures.toAmount)}{' '}
            {to.symbol}
          </p>
          {hash ? <TransactionHash hash={hash} explorerUrl={network?.blockExplorerUrl} /> : null}
          <button
            type="button"
            className="primary-button"
            onClick={() => {
              swaps.again()
              modal.home()
            }}
          >
            Done
          </button>
        </>
      ) : step === 'failed' ? (
        <button
          type="button"
          className="secondary-button"
          onClick={() => {
            swaps.retry()
            modal.back()
          }}
        >
          Back to the swap
        </button>
      ) : needsApproval ? (
        <BusyButton className="primary-button" busy={busy} onClick={() => void swaps.approve()}>
          Approve {from.symbol}
        </BusyButton>
      ) : (
        <BusyButton className="primary-button" busy={busy} onClick={() => void swaps.swap()}>
          Swap
        </BusyButton>
      )}
    </div>
  )
}
