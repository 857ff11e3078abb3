import { throttleText } from '@allaccess/protocol'
import { useSecondsUntil } from '../useSecondsUntil'

/**
 * A throttled step (docs/behaviour.md#email): the spec's 'Please try again after {n} seconds' counting down live,
 * and Try again, disabled until the wait is over.
 */
export function ThrottleNotice({
  id,
  retryAt,
  busy,
  onRetry,
}: {
  id?: string
  retryAt: number
  busy: boolean
  onRetry(): void
}) {
  const seconds = useSecondsUntil(retryAt)
  return (
    <div className="email-throttle">
      {seconds > 0 ? (
        <p id={id} className="email-error" role="alert">
          {throttleText(seconds)}
        </p>
      ) : null}
      <button type="button" className="secondary-button" disabled={busy || seconds > 0} onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
