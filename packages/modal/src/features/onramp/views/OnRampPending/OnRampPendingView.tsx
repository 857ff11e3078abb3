import { ONRAMP_TEXTS } from '@allaccess/protocol'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { ThrottleNotice } from '../../../../ui/components/ThrottleNotice/ThrottleNotice'
import { useModal } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { onrampCss } from '../onramp.css'
import { useOnramp, useOnrampState } from '../useOnramp'

/**
 * OnRampPending (docs/behaviour.md#on-ramp): the provider's window is open; the order's status as it is polled (a
 * declined card says so, and the visitor may try another in that window).
 */
export function OnRampPendingView() {
  useViewStyles(onrampCss)
  const modal = useModal()
  const onramp = useOnramp()
  const order = useOnrampState((state) => state.order)
  const error = useOnrampState((state) => state.error)
  const retryAt = useOnrampState((state) => state.retryAt)
  const provider = useOnrampState((state) => state.selectedProvider?.name ?? 'the provider')
  const declined = order?.status === 'declined'
  const busyText =
    order?.status === 'processing'
      ? 'Payment received: sending your tokens…'
      : `Complete the purchase in the ${provider} window…`
  return (
    <div className="stack">
      <StepFeedback
        busy={!error}
        busyText={busyText}
        // A throttle's text is the notice's, counting down.
        error={retryAt !== undefined ? undefined : (error ?? (declined ? ONRAMP_TEXTS.declined : undefined))}
      />
      {retryAt !== undefined ? (
        <ThrottleNotice
          retryAt={retryAt}
          className="primary-button"
          onRetry={() => modal.navigate({ view: 'OnRampAmount' })}
        />
      ) : error ? (
        <button
          type="button"
          className="primary-button"
          onClick={() => modal.navigate({ view: 'OnRampAmount' })}
        >
          Try again
        </button>
      ) : null}
      <button
        type="button"
        className="secondary-button"
        onClick={() => {
          onramp.cancel()
          modal.home()
        }}
      >
        Cancel purchase
      </button>
    </div>
  )
}
