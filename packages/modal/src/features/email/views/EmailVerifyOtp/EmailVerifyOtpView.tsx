import { OtpInput } from '../../../../ui/components/OtpInput/OtpInput'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { ThrottleNotice } from '../../../../ui/components/ThrottleNotice/ThrottleNotice'
import { useSecondsLeft } from '../../../../ui/components/ThrottleNotice/useSecondsLeft'
import { useEmail, useEmailState } from '../useEmail'

/**
 * EmailVerifyOtp (docs/behaviour.md#email): the code's six boxes; Resend counts down the 30 s between e-mails, and a
 * refused resend (the address's longer wait) counts down its own.
 */
export function EmailVerifyOtpView({ email }: { email: string }) {
  const feature = useEmail()
  const { busy, error, resendAt, retryAt } = useEmailState((state) => state)
  const seconds = useSecondsLeft(resendAt)
  return (
    <div className="stack center">
      <p>
        Enter the code we sent to <strong>{email}</strong>
      </p>
      <OtpInput disabled={busy} onComplete={feature.verifyOtp} />
      {retryAt !== undefined ? (
        <ThrottleNotice retryAt={retryAt} busy={busy} onRetry={() => void feature.resend()} />
      ) : (
        <>
          <StepFeedback busy={busy} busyText="Checking the code…" error={error} />
          <button
            type="button"
            className="secondary-button"
            disabled={busy || seconds > 0}
            onClick={() => void feature.resend()}
          >
            {seconds > 0 ? `Resend code in ${seconds} s` : 'Resend code'}
          </button>
        </>
      )}
    </div>
  )
}
