import { throttleText } from '@allaccess/protocol'
import { useViewStyles } from '../../shell/viewStyles'
import { useSecondsLeft } from './useSecondsLeft'

/**
 * A step the cloud throttled (a 429): the spec's 'Please try again after {n} seconds', counting down live, and the
 * view's Try again, disabled until the wait is over — never raw seconds beside a button that would only be
 * refused again. `retryAt` is when it may run (epoch ms).
 */
export function ThrottleNotice({
  id,
  retryAt,
  busy = false,
  onRetry,
  label = 'Try again',
  className = 'secondary-button',
}: {
  /** The text's id, for a field that names it in `aria-describedby`. */
  id?: string
  retryAt: number
  /** The step is running already: Try again stays off after the wait too. */
  busy?: boolean
  onRetry(): void
  label?: string
  className?: string
}) {
  useViewStyles(throttleNoticeCss)
  const seconds = useSecondsLeft(retryAt)
  return (
    <div className="throttle-notice">
      {seconds > 0 ? (
        <p id={id} className="error" role="alert">
          {throttleText(seconds)}
        </p>
      ) : null}
      <button type="button" className={className} disabled={busy || seconds > 0} onClick={onRetry}>
        {label}
      </button>
    </div>
  )
}

const throttleNoticeCss = /* css */ `
.throttle-notice { display: grid; gap: 8px; }
.throttle-notice p { margin: 0; }
`
