import { useEffect, useState } from 'react'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { OtpInput } from '../OtpInput/OtpInput'
import { useEmail, useEmailState } from '../useEmail'

/** Seconds until a new code may be asked for, ticking each second. */
function useSecondsUntil(at: number | undefined): number {
  const left = () => (at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)))
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the one dependency.
  useEffect(() => {
    setSeconds(left())
    const timer = setInterval(() => setSeconds(left()), 1000)
    return () => clearInterval(timer)
  }, [at])
  return seconds
}

/** EmailVerifyOtp (docs/behaviour.md#email): the code's six boxes; Resend counts down the 30 s between e-mails. */
export function EmailVerifyOtpView({ email }: { email: string }) {
  const feature = useEmail()
  const { busy, error, resendAt } = useEmailState((state) => state)
  const seconds = useSecondsUntil(resendAt)
  return (
    <div className="stack center">
      <p>
        Enter the code we sent to <strong>{email}</strong>
      </p>
      <OtpInput disabled={busy} onComplete={feature.verifyOtp} />
      <StepFeedback busy={busy} busyText="Checking the code…" error={error} />
      <button
        type="button"
        className="secondary-button"
        disabled={busy || seconds > 0}
        onClick={() => void feature.resend()}
      >
        {seconds > 0 ? `Resend code in ${seconds} s` : 'Resend code'}
      </button>
    </div>
  )
}
