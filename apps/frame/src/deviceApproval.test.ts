import type { EnrolmentState } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import type { CloudApi } from './cloudApi'
import {
  DeviceApprovalTimedOutError,
  DeviceNotApprovedError,
  ENROLMENT_WAIT_MAX_MS,
  NEW_DEVICE_TEXTS,
  waitForEnrolment,
} from './deviceApproval'

/** A cloud whose long poll answers `state` after a moment (or at its abort), forever: nobody ever approves. */
function unansweredCloud(state: EnrolmentState) {
  const polls = { count: 0, open: 0 }
  const cloud = {
    enrolment: (_token: string, wait: boolean, signal?: AbortSignal) => {
      polls.count += 1
      if (!wait) return Promise.resolve(state)
      polls.open += 1
      return new Promise<EnrolmentState>((resolve, reject) => {
        const end = (answer: () => void) => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', aborted)
          polls.open -= 1
          answer()
        }
        const aborted = () => end(() => reject(new DOMException('aborted', 'AbortError')))
        const timer = setTimeout(() => end(() => resolve(state)), 20)
        signal?.addEventListener('abort', aborted)
      })
    },
    recoverDevice: () => Promise.resolve(state),
  } as unknown as CloudApi
  return { cloud, polls }
}
const screen = (closed: string[]) => () => ({ update: () => {}, close: () => closed.push('closed') })

describe('waitForEnrolment', () => {
  it('waits at most 15 minutes (the request’s own life), then fails with a clear error and closes its screen', async () => {
    expect(ENROLMENT_WAIT_MAX_MS).toBe(900_000)
    expect(NEW_DEVICE_TEXTS.timedOut).toBe(
      'No device approved this one within 15 minutes. Sign in again to ask again, or recover it if you no longer have your other device.',
    )
    const { cloud, polls } = unansweredCloud({ status: 'pending', recoverAt: null })
    const closed: string[] = []
    const started = performance.now()
    const waited = waitForEnrolment(cloud, 'token', screen(closed), { maxMs: 150 })
    await expect(waited).rejects.toThrow(DeviceApprovalTimedOutError)
    await expect(waited).rejects.toThrow(NEW_DEVICE_TEXTS.timedOut)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(polls.count).toBeGreaterThan(2)
    expect(polls.open).toBe(0)
    expect(closed).toEqual(['closed'])
  })

  it('a recovering device is told to come back after the wait; a cancel is still "not approved"', async () => {
    const recovering = unansweredCloud({ status: 'recovering', recoverAt: Date.now() + 3_600_000 })
    await expect(waitForEnrolment(recovering.cloud, 'token', screen([]), { maxMs: 60 })).rejects.toThrow(
      NEW_DEVICE_TEXTS.recovering,
    )
    const pending = unansweredCloud({ status: 'pending', recoverAt: null })
    const cancelled = waitForEnrolment(pending.cloud, 'token', (_state, actions) => {
      setTimeout(actions.cancel, 30)
      return { update: () => {}, close: () => {} }
    })
    await expect(cancelled).rejects.toThrow(DeviceNotApprovedError)
    expect(pending.polls.open).toBe(0)
  })
})
