import { OTP_LENGTH } from '@allaccess/protocol'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'

const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, OTP_LENGTH)
const empty = () => Array<string>(OTP_LENGTH).fill('')

/**
 * Six boxes for a one-time code (docs/behaviour.md#email): typing moves on, Backspace goes back, a paste fills
 * them all; the sixth digit submits, and a failed code clears the boxes for the next try.
 */
export function OtpInput({
  disabled,
  onComplete,
}: {
  disabled: boolean
  onComplete(code: string): Promise<void>
}) {
  const [digits, setDigits] = useState<string[]>(empty)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  useEffect(() => boxes.current[0]?.focus(), [])

  const fill = (next: string[]) => {
    setDigits(next)
    const code = next.join('')
    if (code.length === OTP_LENGTH)
      void onComplete(code).then(() => {
        setDigits(empty())
        boxes.current[0]?.focus()
      })
  }
  const pasted = (index: number, text: string) => {
    const next = [...digits]
    for (const [offset, digit] of [...digitsOf(text)].entries())
      if (index + offset < OTP_LENGTH) next[index + offset] = digit
    boxes.current[Math.min(index + text.length, OTP_LENGTH - 1)]?.focus()
    fill(next)
  }
  const typed = (index: number, value: string) => {
    const entered = digitsOf(value)
    if (entered.length > 1) return pasted(index, entered)
    const next = [...digits]
    next[index] = entered
    if (entered && index < OTP_LENGTH - 1) boxes.current[index + 1]?.focus()
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
    <fieldset className="otp-boxes" disabled={disabled}>
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
  )
}
