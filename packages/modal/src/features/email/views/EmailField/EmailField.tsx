import { type FormEvent, useId, useRef } from 'react'
import { ThrottleNotice } from '../../../../ui/components/ThrottleNotice/ThrottleNotice'
import { useSecondsLeft } from '../../../../ui/components/ThrottleNotice/useSecondsLeft'
import { useEmail, useEmailState } from '../useEmail'

/** The Connect view's e-mail method (docs/behaviour.md#email): an address, then the code or device step. */
export function EmailField({ disabled }: { disabled: boolean }) {
  const email = useEmail()
  const { busy, error, retryAt } = useEmailState((state) => state)
  const throttled = useSecondsLeft(retryAt) > 0
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  if (!email.available()) return null
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void email.submitEmail(String(new FormData(event.currentTarget).get('email') ?? ''))
  }
  return (
    <form ref={form} className="email-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-email`}>E-mail</label>
      <div className="email-row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          disabled={disabled}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onInput={() => error && email.clearError()}
        />
        <button type="submit" className="primary-button" disabled={disabled || busy || throttled}>
          {busy ? 'Sending…' : 'Continue'}
        </button>
      </div>
      {retryAt !== undefined ? (
        <ThrottleNotice
          id={`${id}-error`}
          retryAt={retryAt}
          busy={busy || disabled}
          onRetry={() => form.current?.requestSubmit()}
        />
      ) : error ? (
        <p id={`${id}-error`} className="email-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
