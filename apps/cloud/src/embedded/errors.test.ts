import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/errors.js'
import { EmbeddedError } from './errors.js'

/** Each refusal's status, wire code and text as the frame and the clients match on them, written out. */
const EXPECTED = {
  wrongCode: [400, 'wrong_code', 'Invalid code. Check the code in your e-mail and try again.'],
  expiredCode: [400, 'expired_code', 'This code has expired. Request a new code.'],
  deadCode: [400, 'dead_code', 'Too many wrong codes. Request a new code.'],
  sessionNotLive: [401, 'unauthorized', 'Your session has ended. Sign in again.'],
  deviceNotProven: [
    401,
    'unauthorized',
    "This request is not signed by the session's device. Sign in again.",
  ],
  notEnrolled: [
    403,
    'forbidden',
    'This device is not being enrolled. Sign in on it again, or prove it is you again.',
  ],
  enrolKeyNotP256: [400, 'bad_request', 'body/enrolKey must be a P-256 public key'],
  notAnApprover: [403, 'forbidden', 'Only a device that already holds this wallet can approve a new one.'],
  noNewDevice: [404, 'not_found', 'That device is no longer waiting for an approval.'],
  tooManyNewDevices: [
    429,
    'too_many_requests',
    'Too many new devices are waiting for this wallet. Approve or refuse them on a device where you use this wallet, then try again.',
  ],
  noWallet: [404, 'not_found', 'This account has no wallet yet.'],
  walletExists: [409, 'conflict', 'This account already has a wallet; it cannot be replaced.'],
  emailTaken: [409, 'conflict', 'This e-mail address is already used by another account.'],
  sameEmail: [400, 'bad_request', 'The new e-mail address is the current one.'],
  noEmailUpdate: [400, 'bad_request', 'No e-mail update is in progress. Start again.'],
  noEmail: [400, 'bad_request', 'This account signs in with a social provider and has no e-mail address.'],
} as const

describe('the e-mail wallet’s refusals', () => {
  it('are one catalogue: each named once with its status, wire code and text', () => {
    expect(Object.keys(EmbeddedError.refusals).sort()).toEqual(Object.keys(EXPECTED).sort())
    for (const [refusal, [status, code, text]] of Object.entries(EXPECTED)) {
      const error = new EmbeddedError(refusal as keyof typeof EXPECTED)
      expect(error).toBeInstanceOf(HttpError)
      expect(error, refusal).toMatchObject({
        name: 'EmbeddedError',
        refusal,
        statusCode: status,
        code,
        message: text,
      })
    }
  })
})
