import { describe, expect, it } from 'vitest'
import { CLOUD_TIME_HEADER } from './deviceProof'
import {
  ENROLMENT_REQUEST_TTL_MS,
  enrolmentAnswerSchema,
  enrolmentStatusSchema,
  RECOVERY_DELAY_MS,
} from './enrolment'

describe('new-device approval', () => {
  it('pins its values: a recovery waits 72 h, a request 15 min; the cloud says its time in x-cloud-time', () => {
    expect(RECOVERY_DELAY_MS).toBe(259_200_000)
    expect(ENROLMENT_REQUEST_TTL_MS).toBe(900_000)
    expect(CLOUD_TIME_HEADER).toBe('x-cloud-time')
  })

  it('reads only the statuses it names', () => {
    expect(enrolmentStatusSchema.safeParse({ status: 'granted', recoverAt: null }).success).toBe(true)
    expect(enrolmentStatusSchema.safeParse({ status: 'approved', recoverAt: null }).success).toBe(false)
  })

  it("an answer names a request by the cloud's id, a lower-case UUID, and nothing else", () => {
    const id = '3f1c8e9a-2b7d-4c5e-9f10-a1b2c3d4e5f6'
    expect(enrolmentAnswerSchema.safeParse({ id, approve: true }).success).toBe(true)
    for (const bad of [`${id}\u0000`, id.toUpperCase(), `${id} `, '', 'x'.repeat(36)])
      expect(enrolmentAnswerSchema.safeParse({ id: bad, approve: true }).success, bad).toBe(false)
  })
})
