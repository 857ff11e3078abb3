import { OTP_LENGTH } from '@allaccess/protocol'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useEmail, useEmailState } from '../useEmail'

const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, OTP_LENGTH)

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

/**
 * EmailVerifyOtp (docs/behaviour.md#email): six boxes (typing moves on, Backspace back, a paste fills them all);
 * the sixth digit submits. Resend counts down the 30 s between code e-mails.
 */
export function EmailVerifyOtpView({ email }: { email: string }) {
  const feature = useEmail()
  const { busy, error, resendAt } = useEmailState((state) => state)
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''))
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const seconds = useSecondsUntil(resendAt)
  useEffect(() => boxes.current[0]?.focus(), [])

  const fill = (next: string[]) => {
    setDigits(next)
    const code = next.join('')
    if (code.length === OTP_LENGTH)
      void feature.verifyOtp(code).then(() => setDigits(Array(OTP_LENGTH).fill('')))
  }
  const typed = (index: number, value: string) => {
    const entered = digitsOf(value)
    if (entered.length > 1) return pasted(index, entered)
    const next = [...digits]
    next[index] = entered
    if (entered && index < OTP_LENGTH - 1) boxes.current[index + 1]?.focus()
    fill(next)
  }
  const pasted = (index: number, text: string) => {
    const next = [...digits]
    for (const [offset, digit] of [...digitsOf(text)].entries())
      if (index + offset < OTP_LENGTH) next[index + offset] = digit
    boxes.current[Math.min(index + text.length, OTP_LENGTH - 1)]?.focus()
    fill(next)
  }
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    pasted(index, event.clipboardData.getData('text'))
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) boxes.current[index - 1]?.focus()
  }

  return (
    <div className="stack center">
      <p>
        Enter the code we sent to <strong>{email}</strong>
      </p>
      <fieldset className="otp-boxes" disabled={busy}>
        <legend className="sr-only">One-time code</legend>
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are a fixed row of six.
            key={index}
            ref={(element) => {
              boxes.current[index] = element
            }}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={OTP_LENGTH}
            value={digit}
            onChange={(event) => typed(index, event.target.value)}
            onPaste={onPaste(index)}
            onKeyDown={onKeyDown(index)}
          />
        ))}
      </fieldset>
      <div role="status" className="muted">
        {busy ? 'Checking the code…' : null}
      </div>
      {error ? (
        <p className="email-error" role="alert">
          {error}
        </p>
      ) : null}
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
