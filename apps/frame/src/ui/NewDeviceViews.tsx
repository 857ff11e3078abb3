import type { EnrolmentState, NewDevice } from '@allaccess/protocol'
import { RECOVERY_DELAY_MS } from '@allaccess/protocol'
import { useEffect, useRef, useState } from 'react'
import { GateNotice } from './GateNotice'
import { useApprovalGate, useGatedPress } from './useApprovalGate'

/** The words of new-device approval's two screens (docs/embedded-wallet.md#new-device-approval). */
export const NEW_DEVICE_VIEW_TEXTS = {
  askTitle: 'Approve a new device?',
  ask: 'A device signed in to this wallet and asks for its key. Approve it only if you are signing in on it yourself, now.',
  recovering: 'It asked to recover this wallet without your approval. Refuse it if it is not yours.',
  approve: 'Approve',
  refuse: 'Refuse',
  waitTitle: 'Approve this device',
  wait: 'This wallet is already set up on another device. Open this site there, where you are signed in, and approve this device.',
  lost: 'I no longer have my other device',
  recoverConfirm: `Without an approval, this device gets the wallet's key after ${RECOVERY_DELAY_MS / 3_600_000} hours, unless one of your signed-in devices refuses it first.`,
  recover: 'Recover after the wait',
  cancel: 'Cancel',
  signedInOn: 'Signed in on',
  /** What a new device that named no site (an old frame, or a client of its own) is said to have signed in on. */
  noSite: 'a site it did not name',
} as const

/** Where the new device signed in, in words: the site its frame was on (as its project allows it) and the app. */
export const signedInOnText = ({ site, project }: Pick<NewDevice, 'site' | 'project'>) =>
  `${site ?? NEW_DEVICE_VIEW_TEXTS.noSite}, in the app “${project}”`

/** A time as the screens show it: to the minute, in UTC (as the approval e-mail and page do). */
const utc = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * On a device that holds the wallet: the new device that asks — its system, browser, network, how it signed in and
 * when — behind the Approve gate, since approving hands it the key.
 */
export function NewDeviceView({ device, answer }: { device: NewDevice; answer(approved: boolean): void }) {
  const rootRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const gate = useApprovalGate(rootRef)
  const [answered, setAnswered] = useState(false)
  const [confirming, setConfirming] = useState(false)
  useEffect(() => headingRef.current?.focus(), [])
  const reply = (approved: boolean) => {
    if (answered) return
    setAnswered(true)
    answer(approved)
  }
  const approve = useGatedPress(gate, () => {
    if (!gate.needsConfirmation || confirming) return reply(true)
    setConfirming(true)
    gate.restart()
  })
  return (
    <main ref={rootRef} aria-labelledby="new-device-title">
      <h1 id="new-device-title" ref={headingRef} tabIndex={-1}>
        {NEW_DEVICE_VIEW_TEXTS.askTitle}
      </h1>
      <p>{NEW_DEVICE_VIEW_TEXTS.ask}</p>
      <dl>
        <dt>Device</dt>
        <dd>{device.device}</dd>
        <dt>Browser</dt>
        <dd>{device.browser}</dd>
        <dt>Place</dt>
        <dd>{device.place}</dd>
        <dt>{NEW_DEVICE_VIEW_TEXTS.signedInOn}</dt>
        <dd>{signedInOnText(device)}</dd>
        <dt>Signed in with</dt>
        <dd>{device.signedInWith}</dd>
        <dt>Asked at</dt>
        <dd>{utc(device.askedAt)}</dd>
      </dl>
      {device.recoverAt !== null && (
        <strong className="warning">
          {NEW_DEVICE_VIEW_TEXTS.recovering} It gets the key at {utc(device.recoverAt)}.
        </strong>
      )}
      <GateNotice gate={gate} confirming={confirming} />
      <div className="actions">
        <button type="button" className="secondary" onClick={() => reply(false)} disabled={answered}>
          {NEW_DEVICE_VIEW_TEXTS.refuse}
        </button>
        <button type="button" className="primary" {...approve} disabled={approve.disabled || answered}>
          {confirming ? 'Confirm' : NEW_DEVICE_VIEW_TEXTS.approve}
        </button>
      </div>
    </main>
  )
}

/** On the new device: waiting for the approval, or for the recovery's time; the lost-device path is asked twice. */
export function WaitingView({
  state,
  recover,
  cancel,
}: {
  state: EnrolmentState
  recover(): Promise<void>
  cancel(): void
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [asking, setAsking] = useState(false)
  const [failure, setFailure] = useState<string>()
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <main aria-labelledby="waiting-title">
      <h1 id="waiting-title" ref={headingRef} tabIndex={-1}>
        {NEW_DEVICE_VIEW_TEXTS.waitTitle}
      </h1>
      {state.status === 'recovering' && state.recoverAt !== null ? (
        <p role="status">
          This device gets the wallet's key at {utc(state.recoverAt)}, unless one of your signed-in devices
          refuses it first. Come back then: it continues by itself.
        </p>
      ) : (
        <>
          <p role="status">{NEW_DEVICE_VIEW_TEXTS.wait}</p>
          {asking && <p>{NEW_DEVICE_VIEW_TEXTS.recoverConfirm}</p>}
        </>
      )}
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={cancel}>
          {NEW_DEVICE_VIEW_TEXTS.cancel}
        </button>
        {state.status === 'pending' && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              if (!asking) return setAsking(true)
              recover().catch((error: unknown) => setFailure((error as Error).message))
            }}
          >
            {asking ? NEW_DEVICE_VIEW_TEXTS.recover : NEW_DEVICE_VIEW_TEXTS.lost}
          </button>
        )}
      </div>
    </main>
  )
}
