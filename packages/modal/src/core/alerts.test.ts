import { describe, expect, it } from 'vitest'
import { ALERTS, alertForConfigFailure } from './alerts'

describe('§8 Provider and configuration alerts', () => {
  it("Origin Not Allowed, from 'Unauthorized: origin not allowed'", () => {
    expect(alertForConfigFailure({ status: 403, message: 'Unauthorized: origin not allowed' })).toBe(
      ALERTS.originNotAllowed,
    )
    expect(ALERTS.originNotAllowed.description).toContain('allow list in the project dashboard')
  })
  it("Invalid Project ID, from 'Unauthorized: invalid key'", () => {
    expect(alertForConfigFailure({ status: 401, message: 'Unauthorized: invalid key' })).toBe(
      ALERTS.invalidProjectId,
    )
  })
  it('§7 origin fetch: 429 gives Rate Limited, 500 to 599 gives Server Error, any other failure none', () => {
    expect(alertForConfigFailure({ status: 429, message: 'Please try again after 5 seconds' })).toBe(
      ALERTS.rateLimited,
    )
    expect(alertForConfigFailure({ status: 500 })).toBe(ALERTS.serverError)
    expect(alertForConfigFailure({ status: 599 })).toBe(ALERTS.serverError)
    expect(alertForConfigFailure({ status: 404, message: 'Not found' })).toBeUndefined()
    expect(alertForConfigFailure({})).toBeUndefined()
  })
})
