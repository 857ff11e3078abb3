import { IDENTITY_PROVIDER_LABELS } from '@allaccess/protocol'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { Hex } from 'viem'
import { EXPORT_FARCASTER_TEXT } from '../wallet'
import type { Exporter } from './screens'

type Step = { name: 'start' } | { name: 'code' } | { name: 'reauth' } | { name: 'key'; key: Hex }

/**
 * The key export, entirely inside the frame: the user proves it is them again — a fresh code to their e-mail, or
 * a new sign-in with their social provider in the popup the host opened with the export — then the key, shown
 * here only (the host page hears nothing but that the export screen closed).
 */
export function ExportView({
  exporter,
  start,
  reveal,
  close,
}: {
  exporter: Exporter
  start(): Promise<void>
  reveal(otp?: string): Promise<Hex>
  close(): void
}) {
  const { email, provider, username } = exporter
  const social = email === null && provider !== null && provider !== 'farcaster'
  const [step, setStep] = useState<Step>(social ? { name: 'reauth' } : { name: 'start' })
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
  // A social user's sign-in runs in the popup already open: the screen waits for it, then shows the key.
  const reauthStarted = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the re-authentication is waited for once, when the screen opens.
  useEffect(() => {
    if (!social || reauthStarted.current) return
    reauthStarted.current = true
    void run(async () => {
      await start()
      setStep({ name: 'key', key: await reveal() })
    })
  }, [])
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
      {step.name === 'start' && email === null && (
        <>
          <p>{EXPORT_FARCASTER_TEXT}</p>
          <div className="actions">
            <button type="button" className="primary" onClick={close}>
              Close
            </button>
          </div>
        </>
      )}
      {step.name === 'reauth' && provider !== null && (
        <>
          <p>
            Anyone with your private key controls your wallet. To show it, sign in again with{' '}
            {IDENTITY_PROVIDER_LABELS[provider]} as <strong>{username}</strong> in the window that opened.
          </p>
          {busy && <p aria-live="polite">Waiting for {IDENTITY_PROVIDER_LABELS[provider]}…</p>}
          <div className="actions">
            <button type="button" className="secondary" onClick={close}>
              {busy ? 'Cancel' : 'Close'}
            </button>
          </div>
        </>
      )}
      {step.name === 'start' && email !== null && (
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
              onClick={() => void run(async () => start().then(() => setStep({ name: 'code' })))}
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
