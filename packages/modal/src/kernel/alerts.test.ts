import { describe, expect, it } from 'vitest'
import { ALERTS, alertForConfigFailure, alertForRefusal } from './alerts'

// The behaviour these tests check: docs/behaviour.md#configuration-and-alerts.

describe('Provider and configuration alerts', () => {
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
  it('origin fetch: 429 gives Rate Limited, 500 to 599 gives Server Error, any other failure none', () => {
    expect(alertForConfigFailure({ status: 429, message: 'Please try again after 5 seconds' })).toBe(
      ALERTS.rateLimited,
    )
    expect(alertForConfigFailure({ status: 500 })).toBe(ALERTS.serverError)
    expect(alertForConfigFailure({ status: 599 })).toBe(ALERTS.serverError)
    expect(alertForConfigFailure({ status: 404, message: 'Not found' })).toBeUndefined()
    expect(alertForConfigFailure({})).toBeUndefined()
  })
  it("Session Expired, from 'JWT validation error: JWT Token is not yet valid'", () => {
    expect(alertForRefusal('JWT validation error: JWT Token is not yet valid')).toBe(ALERTS.sessionExpired)
    expect(ALERTS.sessionExpired.title).toBe('Session Expired')
    expect(ALERTS.sessionExpired.description).toMatch(/date and time settings.*connect again/)
  })
  it('maps the cloud’s refusal texts, wherever they come from, and nothing else', () => {
    expect(alertForRefusal('Unauthorized: origin not allowed')).toBe(ALERTS.originNotAllowed)
    expect(alertForRefusal('Unauthorized: invalid key')).toBe(ALERTS.invalidProjectId)
    for (const other of ['Auth token expired', '', 'unauthorized: invalid key', 'constructor', undefined])
      expect(alertForRefusal(other)).toBeUndefined()
  })
})
