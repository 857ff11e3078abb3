import { describe, expect, it } from 'vitest'
import { CLOUD_TIME_HEADER } from './deviceProof'
import { ENROLMENT_REQUEST_TTL_MS, enrolmentStatusSchema, RECOVERY_DELAY_MS } from './enrolment'

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
})
