import { IDENTITY_PROVIDER_LABELS, throttleSeconds, throttleText } from '@allaccess/protocol'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { Hex } from 'viem'
import { SolanaKeyExport } from '../solana/SolanaKeyExport'
import { FarcasterLink } from './FarcasterLink'
import { GateNotice } from './GateNotice'
import { KeyCopy } from './KeyCopy'
import type { Exporter } from './screens'
import { useApprovalGate, useGatedPress } from './useApprovalGate'
import { useSecondsUntil } from './useSecondsUntil'

/** The name of the box that holds the exported keys (EVM and Solana). */
export const EXPORT_KEYS_LABEL = 'Your keys'

type Step =
  | { name: 'start' }
  | { name: 'code' }
  | { name: 'reauth' }
  | { name: 'farcaster'; url?: string }
  | { name: 'key'; key: Hex }

/** How the user proves it is them again: an e-mailed code, their provider's popup, or the Farcaster app. */
type Kind = 'email' | 'social' | 'farcaster'
const kindOf = ({ email, provider }: Exporter): Kind =>
  email !== null ? 'email' : provider === 'farcaster' ? 'farcaster' : 'social'

/**
 * The key export, entirely inside the frame: the user proves it is them again — a fresh code to their e-mail, an
 * approval in the Farcaster app from the link this screen shows (its QR code: drawn here, so the link never passes
 * through the host page), or a new sign-in with their social provider in the popup the host opened with the
 * export — then the key, shown here only (the host page hears nothing but that the export screen closed). After a
 * failure, Try again starts over: a new code, a new Farcaster link, or for a social user the provider's window
 * again, which the host opens (only it may) inside the click on Try again.
 */
export function ExportView({
  exporter,
  start,
  reveal,
  close,
  reopenPopup,
}: {
  exporter: Exporter
  start(showLink: (url: string) => void, signal: AbortSignal): Promise<void>
  reveal(otp?: string): Promise<Hex>
  close(): void
  /** A social user's Try again: the host opens the provider's popup again (only the host page can). */
  reopenPopup(): void
}) {
  const { email, provider, username } = exporter
  const kind = kindOf(exporter)
  const [step, setStep] = useState<Step>(
    kind === 'email' ? { name: 'start' } : kind === 'social' ? { name: 'reauth' } : { name: 'farcaster' },
  )
  const [error, setError] = useState<string>()
  /** A throttled step (a code right after the sign-in's): when Try again may run, counted down live. */
  const [retryAt, setRetryAt] = useState<number>()
  const waitSeconds = useSecondsUntil(retryAt)
  const [busy, setBusy] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The screen's buttons are behind the approvals' gate: a page can't crop it down to "Send code" or "Show key".
  const rootRef = useRef<HTMLElement>(null)
  const gate = useApprovalGate(rootRef)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step's heading takes the focus when the step shows.
  useEffect(() => headingRef.current?.focus(), [step.name])

  /** The wait of the current re-authentication: ended by a new one, or when the screen closes. */
  const waiting = useRef<AbortController>(undefined)
  useEffect(() => () => waiting.current?.abort(), [])

  const run = async (act: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    setRetryAt(undefined)
    try {
      await act()
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'An error occurred'
      const seconds = throttleSeconds(message)
      setError(message)
      if (seconds !== undefined) setRetryAt(Date.now() + seconds * 1000)
    } finally {
      setBusy(false)
    }
  }
  const sendCode = () =>
    run(async () => start(() => {}, new AbortController().signal).then(() => setStep({ name: 'code' })))
  /** A social user's popup or a Farcaster user's approval: waited for, then the key. */
  const reauthenticate = () => {
    waiting.current?.abort()
    const controller = new AbortController()
    waiting.current = controller
    if (kind === 'farcaster') setStep({ name: 'farcaster' })
    void run(async () => {
      await start((url) => setStep({ name: 'farcaster', url }), controller.signal)
      setStep({ name: 'key', key: await reveal() })
    })
  }
  const started = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the re-authentication starts once, when the screen opens.
  useEffect(() => {
    if (kind === 'email' || started.current) return
    started.current = true
    reauthenticate()
  }, [])
  const onSubmitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Enter in the field submits too: the gate is checked here as it is at a click.
    if (!gate.check()) return
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '').trim()
    void run(async () => setStep({ name: 'key', key: await reveal(otp) }))
  }
  const canTryAgain = error !== undefined && !busy && waitSeconds === 0
  const tryAgain =
    kind === 'email'
      ? () => void sendCode()
      : kind === 'social'
        ? () => {
            // Inside this click, so the host may open the popup; the wait then takes the new sign-in.
            reopenPopup()
            reauthenticate()
          }
        : reauthenticate

  const tryAgainPress = useGatedPress(gate, tryAgain)
  const sendCodePress = useGatedPress(gate, () => void sendCode())
  const showKeyPress = useGatedPress(gate)

  return (
    <main
      aria-labelledby="export-title"
      ref={rootRef}
      className={step.name === 'key' ? 'fits-frame' : undefined}
    >
      <h1 id="export-title" ref={headingRef} tabIndex={-1}>
        {step.name === 'key' ? 'Your private key' : 'Export private key'}
      </h1>
      {step.name === 'reauth' && provider !== null && (
        <>
          <p>
            Anyone with your private key controls your wallet. To show it, sign in again with{' '}
            {IDENTITY_PROVIDER_LABELS[provider]} as <strong>{username}</strong> in the window that opened.
          </p>
          {busy && <p aria-live="polite">Waiting for {IDENTITY_PROVIDER_LABELS[provider]}…</p>}
        </>
      )}
      {step.name === 'farcaster' && (
        <>
          <p>
            Anyone with your private key controls your wallet. To show it, approve in the Farcaster app as{' '}
            <strong>{username}</strong>: scan the QR code with your phone, or open the link.
          </p>
          {step.url && !error && <FarcasterLink url={step.url} />}
          {busy && (
            <p aria-live="polite">{step.url ? 'Waiting for Farcaster to approve…' : 'Preparing the link…'}</p>
          )}
        </>
      )}
      <GateNotice gate={gate} confirming={false} />
      {step.name === 'start' && (
        <p>
          Anyone with your private key controls your wallet. To show it, we e-mail a code to{' '}
          <strong>{email}</strong>.
        </p>
      )}
      {step.name === 'code' && (
        <form id="export-code" onSubmit={onSubmitCode}>
          <label htmlFor="export-otp">Code from the e-mail to {email}</label>
          <input
            id="export-otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="otp"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            onChange={(event) => {
              // Only digits reach the six boxes (a pasted "123 456" too).
              event.currentTarget.value = event.currentTarget.value.replace(/\D/g, '').slice(0, 6)
            }}
          />
        </form>
      )}
      {step.name === 'key' && (
        // Both keys scroll in their own box: in the smallest dialog Done stays on screen under them.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so the keyboard scrolls it.
        <section className="keys" aria-label={EXPORT_KEYS_LABEL} tabIndex={0}>
          <p>Never share it. Anyone who has it can take everything in this wallet.</p>
          <label htmlFor="export-key">Private key</label>
          <textarea id="export-key" className="key" readOnly value={step.key} rows={3} />
          <KeyCopy secret={step.key} />
          <SolanaKeyExport secret={step.key} />
        </section>
      )}
      {error && (retryAt === undefined || waitSeconds > 0) && (
        <p role="alert" className="error">
          {retryAt === undefined ? error : throttleText(waitSeconds)}
        </p>
      )}
      <div className="actions">
        {step.name === 'key' ? (
          <button type="button" className="primary" onClick={close}>
            Done
          </button>
        ) : (
          <button type="button" className="secondary" onClick={close}>
            {busy || step.name !== 'reauth' ? 'Cancel' : 'Close'}
          </button>
        )}
        {error !== undefined && step.name !== 'key' && (
          <button
            type="button"
            className="primary"
            {...tryAgainPress}
            disabled={tryAgainPress.disabled || !canTryAgain}
          >
            Try again
          </button>
        )}
        {step.name === 'start' && !error && (
          <button
            type="button"
            className="primary"
            {...sendCodePress}
            disabled={busy || sendCodePress.disabled}
          >
            Send code
          </button>
        )}
        {step.name === 'code' && (
          <button
            type="submit"
            form="export-code"
            className="primary"
            {...showKeyPress}
            disabled={busy || showKeyPress.disabled}
          >
            Show key
          </button>
        )}
      </div>
    </main>
  )
}
