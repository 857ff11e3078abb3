import { Spinner } from '../../../../ui/components/Spinner'
import { useEmailState } from '../useEmail'

/** EmailVerifyDevice (docs/behaviour.md#email): approve this device from the e-mailed link; the view waits. */
export function EmailVerifyDeviceView({ email }: { email: string }) {
  const error = useEmailState((state) => state.error)
  return (
    <div className="stack center">
      <Spinner label="Waiting for the device approval" />
      <p>
        We sent a link to <strong>{email}</strong>. Open it to approve this device; this window goes on by
        itself.
      </p>
      {error ? (
        <p className="email-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
