import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { Hex } from 'viem'

type Step = { name: 'start' } | { name: 'code' } | { name: 'key'; key: Hex }

/**
 * The key export, entirely inside the frame: a fresh code to the user's e-mail, then the key, shown here only
 * (the host page hears nothing but that the export screen closed).
 */
export function ExportView({
  email,
  sendCode,
  reveal,
  close,
}: {
  email: string
  sendCode(): Promise<void>
  reveal(otp: string): Promise<Hex>
  close(): void
}) {
  const [step, setStep] = useState<Step>({ name: 'start' })
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step's heading takes the focus when the step shows.
  useEffect(() => headingRef.current?.focus(), [step.name])

  const run = async (act: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await act()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'An error occurred')
    } finally {
      setBusy(false)
    }
  }
  const onSubmitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '').trim()
    void run(async () => setStep({ name: 'key', key: await reveal(otp) }))
  }

  return (
    <main aria-labelledby="export-title">
      <h1 id="export-title" ref={headingRef} tabIndex={-1}>
        {step.name === 'key' ? 'Your private key' : 'Export private key'}
      </h1>
      {step.name === 'start' && (
        <>
          <p>
            Anyone with your private key controls your wallet. To show it, we e-mail a code to{' '}
            <strong>{email}</strong>.
          </p>
          <div className="actions">
            <button type="button" className="secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void run(async () => sendCode().then(() => setStep({ name: 'code' })))}
            >
              Send code
            </button>
          </div>
        </>
      )}
      {step.name === 'code' && (
        <form onSubmit={onSubmitCode}>
          <label htmlFor="export-otp">Code from the e-mail to {email}</label>
          <input
            id="export-otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
          <div className="actions">
            <button type="button" className="secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Show key
            </button>
          </div>
        </form>
      )}
      {step.name === 'key' && (
        <>
          <p>Never share it. Anyone who has it can take everything in this wallet.</p>
          <label htmlFor="export-key">Private key</label>
          <textarea id="export-key" readOnly value={step.key} rows={3} />
          <div className="actions">
            <button type="button" className="primary" onClick={close}>
              Done
            </button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </main>
  )
}
