import { EMBEDDED_TEXTS, ERROR_CODES } from '@allaccess/protocol'
import { defineErrors } from '../http/errors.js'

/** A refusal of the e-mail wallet: its status, stable code and text (packages/protocol's EMBEDDED_TEXTS). */
export const EmbeddedError = defineErrors('EmbeddedError', {
  /** A code that does not match (the try counts towards CODE_MAX_FAILURES). */
  wrongCode: { status: 400, text: EMBEDDED_TEXTS.wrongCode, code: ERROR_CODES.wrongCode },
  /** A code past its validity, already used, never sent, or sent to another device or session. */
  expiredCode: { status: 400, text: EMBEDDED_TEXTS.expiredCode, code: ERROR_CODES.expiredCode },
  /** A code that had CODE_MAX_FAILURES wrong tries: even the right one no longer works. */
  deadCode: { status: 400, text: EMBEDDED_TEXTS.deadCode, code: ERROR_CODES.deadCode },
  /** No bearer token, or one that is unknown, expired, revoked or of another project. */
  sessionNotLive: { status: 401, text: EMBEDDED_TEXTS.sessionNotLive, code: ERROR_CODES.unauthorized },
  /** A session's request without a valid proof of its device key: unsigned, another key, stale or replayed. */
  deviceNotProven: { status: 401, text: EMBEDDED_TEXTS.deviceNotProven, code: ERROR_CODES.unauthorized },
  /** The recovery share asked for without a live enrolment grant of the session (none, used or expired). */
  notEnrolled: { status: 403, text: EMBEDDED_TEXTS.notEnrolled, code: ERROR_CODES.forbidden },
  /** An enrolment key the recovery share cannot be sealed to (not a point of P-256). */
  enrolKeyNotP256: { status: 400, text: EMBEDDED_TEXTS.enrolKeyNotP256, code: ERROR_CODES.badRequest },
  /** An approval answered by a device that holds no share of the wallet, or by the new device itself. */
  notAnApprover: { status: 403, text: EMBEDDED_TEXTS.notAnApprover, code: ERROR_CODES.forbidden },
  /** An approval of a new device that stopped waiting (answered, signed out, expired). */
  noNewDevice: { status: 404, text: EMBEDDED_TEXTS.noNewDevice, code: ERROR_CODES.notFound },
  /** Request fatigue: PENDING_ENROLMENTS_MAX new devices already wait for this wallet. */
  tooManyNewDevices: {
    status: 429,
    text: EMBEDDED_TEXTS.tooManyNewDevices,
    code: ERROR_CODES.tooManyRequests,
  },
  /** The shares or the approval of a user who has stored no wallet yet. */
  noWallet: { status: 404, text: EMBEDDED_TEXTS.noWallet, code: ERROR_CODES.notFound },
  /** A wallet already stored: never silently replaced. */
  walletExists: { status: 409, text: EMBEDDED_TEXTS.walletExists, code: ERROR_CODES.conflict },
  /** An e-mail update to an address another user signs in with. */
  emailTaken: { status: 409, text: EMBEDDED_TEXTS.emailTaken, code: ERROR_CODES.conflict },
  /** An e-mail update to the address the user already has. */
  sameEmail: { status: 400, text: EMBEDDED_TEXTS.sameEmail, code: ERROR_CODES.badRequest },
  /** The new address's code without a started e-mail update (none, or its first code expired). */
  noEmailUpdate: { status: 400, text: EMBEDDED_TEXTS.noEmailUpdate, code: ERROR_CODES.badRequest },
  /** An e-mail update asked by a user of a social provider or Farcaster, who has no address to update. */
  noEmail: { status: 400, text: EMBEDDED_TEXTS.noEmail, code: ERROR_CODES.badRequest },
})
export type EmbeddedError = InstanceType<typeof EmbeddedError>
