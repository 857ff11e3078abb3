import { type FormEvent, useId } from 'react'
import { OtpInput } from '../../../../ui/components/OtpInput/OtpInput'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { useEmail, useEmailState } from '../useEmail'

/**
 * UpdateEmailWallet (docs/behaviour.md#email): the new address; then the code sent to the current one
 * (VERIFY_PRIMARY_OTP), then the code sent to the new one (VERIFY_SECONDARY_OTP); done once the e-mail changed.
 */
export function UpdateEmailWalletView() {
  const feature = useEmail()
  const { busy, error, update, accountEmail } = useEmailState((state) => state)
  const id = useId()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void feature.startUpdate(String(new FormData(event.currentTarget).get('email') ?? ''))
  }
  return (
    <div className="stack">
      {update.step === 'email' ? (
        <form className="email-form" onSubmit={onSubmit} noValidate>
          <label htmlFor={`${id}-email`}>New e-mail</label>
          <div className="email-row">
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={error ? true : undefined}
            />
            <button type="submit" className="primary-button" disabled={busy}>
              Continue
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="center">
            Enter the code we sent to{' '}
            <strong>{update.step === 'primary' ? accountEmail : update.newEmail}</strong>
          </p>
          <OtpInput
            key={update.step}
            disabled={busy}
            onComplete={update.step === 'primary' ? feature.verifyPrimary : feature.verifySecondary}
          />
        </>
      )}
      <StepFeedback busy={busy} busyText="Working…" error={error} />
    </div>
  )
}
