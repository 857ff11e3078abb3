import { describe, expect, it } from 'vitest'
import { ERROR_CODES, errorBodySchema, errorCodeOf } from './errors.js'

describe('error codes', () => {
  it('gives every status a stable code, unlisted 4xx as bad requests', () => {
    expect(errorCodeOf(401)).toBe('unauthorized')
    expect(errorCodeOf(403)).toBe('forbidden')
    expect(errorCodeOf(429)).toBe('too_many_requests')
    expect(errorCodeOf(431)).toBe('headers_too_large')
    expect(errorCodeOf(418)).toBe('bad_request')
    expect(errorCodeOf(503)).toBe('internal')
  })

  it('codes are unique snake_case names, and the body schema accepts only them', () => {
    const codes = Object.values(ERROR_CODES)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/)
    expect(errorBodySchema.parse({ code: 'not_found', message: 'Not found' })).toEqual({
      code: 'not_found',
      message: 'Not found',
    })
    expect(errorBodySchema.safeParse({ code: 'FST_ERR_VALIDATION', message: 'x' }).success).toBe(false)
  })
})
