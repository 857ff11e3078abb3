import { EMBEDDED_TEXTS, ERROR_CODES } from '@allaccess/protocol'
import { HttpError } from '../http/errors.js'

/** A code that does not match (the try counts towards CODE_MAX_FAILURES). */
export class WrongCodeError extends HttpError {
  override readonly name = 'WrongCodeError'
  constructor() {
    super(400, EMBEDDED_TEXTS.wrongCode, ERROR_CODES.wrongCode)
  }
}

/** A code past its validity, already used, never sent, or sent to another device or session. */
export class ExpiredCodeError extends HttpError {
  override readonly name = 'ExpiredCodeError'
  constructor() {
    super(400, EMBEDDED_TEXTS.expiredCode, ERROR_CODES.expiredCode)
  }
}

/** A code that had CODE_MAX_FAILURES wrong tries: even the right one no longer works. */
export class DeadCodeError extends HttpError {
  override readonly name = 'DeadCodeError'
  constructor() {
    super(400, EMBEDDED_TEXTS.deadCode, ERROR_CODES.deadCode)
  }
}

/** No bearer token, or one that is unknown, expired or revoked. */
export class SessionNotLiveError extends HttpError {
  override readonly name = 'SessionNotLiveError'
  constructor() {
    super(401, EMBEDDED_TEXTS.sessionNotLive, ERROR_CODES.unauthorized)
  }
}

/** 409: a wallet already stored (never silently replaced), an e-mail already used by another user. */
export class EmbeddedConflictError extends HttpError {
  override readonly name = 'EmbeddedConflictError'
  constructor(message: string) {
    super(409, message, ERROR_CODES.conflict)
  }
}

/** A session's request without a valid proof of its device key: unsigned, another key, stale or replayed. */
export class DeviceNotProvenError extends HttpError {
  override readonly name = 'DeviceNotProvenError'
  constructor() {
    super(401, EMBEDDED_TEXTS.deviceNotProven, ERROR_CODES.unauthorized)
  }
}

/** The recovery share asked for without a live enrolment grant of the session (none, used or expired). */
export class NotEnrolledError extends HttpError {
  override readonly name = 'NotEnrolledError'
  constructor() {
    super(403, EMBEDDED_TEXTS.notEnrolled, ERROR_CODES.forbidden)
  }
}
