import {
  CodedError,
  ENROLMENT_REQUEST_TTL_MS,
  type EnrolmentState,
  type NewDevice,
} from '@allaccess/protocol'
import { type CloudApi, CloudError } from './cloudApi'

/** The new device's side of new-device approval (docs/embedded-wallet.md#new-device-approval). */
export const NEW_DEVICE_TEXTS = {
  /** The waiting device's user closed its screen before an approval came. */
  notApproved:
    'This device was not approved. Approve it on a device where you already use this wallet, or recover it.',
  /** No answer within ENROLMENT_WAIT_MAX_MS: the request the other devices were shown has ended too. */
  timedOut:
    'No device approved this one within 15 minutes. Sign in again to ask again, or recover it if you no longer have your other device.',
  /** A recovery outlives any wait: the device stops waiting and continues when it comes back after the delay. */
  recovering:
    "This device is recovering the wallet. Come back after the wait: it gets the wallet's key then.",
} as const

/**
 * The longest a device waits for its approval (or its recovery) before the request that waits for it ends with
 * DeviceApprovalTimedOutError: as long as a new device's request lives in the cloud (ENROLMENT_REQUEST_TTL_MS).
 */
export const ENROLMENT_WAIT_MAX_MS = ENROLMENT_REQUEST_TTL_MS

/** What this device's screen does while it waits: `recover` asks for the recovery, `cancel` ends the wait. */
export type WaitingActions = { recover(): Promise<void>; cancel(): void }
/** The screen of a device waiting for its approval, kept current as the answer changes. */
export type WaitingScreen = { update(state: EnrolmentState): void; close(): void }
export type ShowWaiting = (state: EnrolmentState, actions: WaitingActions) => WaitingScreen

export class DeviceNotApprovedError extends CodedError<'deviceNotApproved'> {
  override name = 'DeviceNotApprovedError'
  constructor() {
    super('deviceNotApproved', NEW_DEVICE_TEXTS.notApproved)
  }
}

/** The wait for an approval ended without one, in ENROLMENT_WAIT_MAX_MS: what the host page's request is told. */
export class DeviceApprovalTimedOutError extends CodedError<'recovering' | 'timedOut'> {
  override name = 'DeviceApprovalTimedOutError'
  constructor(state: EnrolmentState) {
    const code = state.status === 'recovering' ? 'recovering' : 'timedOut'
    super(code, NEW_DEVICE_TEXTS[code])
  }
}

/** After a network failure, how long a wait or a watch rests before it asks again. */
const RETRY_MS = 2000
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
const offline = (error: unknown) => error instanceof CloudError && error.status === 0

/**
 * Resolves once this device may collect the wallet's shares (its grant is live): at once for a device the sign-in
 * enrolled; else after a device that holds the wallet approved it, or its recovery's delay passed. Meanwhile
 * `show` tells the user where it stands; its cancel ends the wait with DeviceNotApprovedError, and `maxMs`
 * (ENROLMENT_WAIT_MAX_MS) without an answer with DeviceApprovalTimedOutError.
 */
export async function waitForEnrolment(
  cloud: CloudApi,
  token: string,
  show: ShowWaiting,
  { maxMs = ENROLMENT_WAIT_MAX_MS }: { maxMs?: number } = {},
): Promise<void> {
  let state = await cloud.enrolment(token, false)
  if (state.status === 'granted') return
  const stop = new AbortController()
  const timer = setTimeout(() => stop.abort(new DeviceApprovalTimedOutError(state)), maxMs)
  const screen = show(state, {
    async recover() {
      state = await cloud.recoverDevice(token)
      screen.update(state)
    },
    cancel: () => stop.abort(new DeviceNotApprovedError()),
  })
  try {
    while (!stop.signal.aborted) {
      const next = await cloud.enrolment(token, true, stop.signal).catch(async (error: unknown) => {
        if (stop.signal.aborted) return state
        if (!offline(error)) throw error
        await pause(RETRY_MS, stop.signal)
        return state
      })
      if (next.status === 'granted') return
      if (next.status !== state.status || next.recoverAt !== state.recoverAt) screen.update(next)
      state = next
    }
    throw stop.signal.reason instanceof DeviceApprovalTimedOutError
      ? new DeviceApprovalTimedOutError(state)
      : new DeviceNotApprovedError()
  } finally {
    clearTimeout(timer)
    screen.close()
  }
}

/**
 * On a device that holds the wallet: asks the user (`ask`, the frame's own screen) about each new device that
 * waits for an approval, and answers the cloud, until `signal` aborts or the session ends.
 */
export async function watchNewDevices(
  cloud: CloudApi,
  token: string,
  ask: (device: NewDevice) => Promise<boolean>,
  signal: AbortSignal,
): Promise<void> {
  const answered = new Set<string>()
  while (!signal.aborted) {
    let devices: NewDevice[]
    try {
      ;({ devices } = await cloud.newDevices(token, true, signal))
    } catch (error) {
      if (signal.aborted || (error instanceof CloudError && error.status === 401)) return
      await pause(RETRY_MS, signal)
      continue
    }
    const fresh = devices.filter((device) => !answered.has(device.id))
    for (const device of fresh) {
      answered.add(device.id)
      const approve = await ask(device)
      if (signal.aborted) return
      // Another device of the wallet may have answered first: nothing left to do then.
      await cloud.answerNewDevice(token, device.id, approve).catch(() => {})
    }
    // Requests shown and not yet gone (answered elsewhere, expiring): no busy loop over them.
    if (fresh.length === 0 && devices.length > 0) await pause(RETRY_MS, signal)
  }
}
