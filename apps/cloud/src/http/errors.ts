import { ERROR_CODES, type ErrorCode, errorCodeOf, REFUSAL_TEXTS, throttleText } from '@allaccess/protocol'

/** An error whose message may be shown to the caller as `{ code, message }` with its status. */
export class HttpError extends Error {
  override readonly name: string = 'HttpError'
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode = errorCodeOf(statusCode),
  ) {
    super(message)
  }
}

export class BadRequestError extends HttpError {
  override readonly name = 'BadRequestError'
  constructor(message: string) {
    super(400, message, ERROR_CODES.badRequest)
  }
}

/** The modal maps this exact text to "Invalid Project ID". */
export class InvalidKeyError extends HttpError {
  override readonly name = 'InvalidKeyError'
  constructor() {
    super(401, REFUSAL_TEXTS.invalidKey, ERROR_CODES.invalidKey)
  }
}

/** The modal maps this exact text to "Origin Not Allowed". */
export class OriginNotAllowedError extends HttpError {
  override readonly name = 'OriginNotAllowedError'
  constructor() {
    super(403, REFUSAL_TEXTS.originNotAllowed, ERROR_CODES.originNotAllowed)
  }
}

/** A route of a feature the project has switched off (swaps, the on-ramp, social login). */
export class FeatureOffError extends HttpError {
  override readonly name = 'FeatureOffError'
  constructor() {
    super(403, REFUSAL_TEXTS.featureOff, ERROR_CODES.featureOff)
  }
}

export class NotFoundError extends HttpError {
  override readonly name = 'NotFoundError'
  constructor(message = 'Not found') {
    super(404, message, ERROR_CODES.notFound)
  }
}

/** The throttle's text, which clients match on. */
export class TooManyRequestsError extends HttpError {
  override readonly name = 'TooManyRequestsError'
  constructor(readonly retryAfterSeconds: number) {
    super(429, throttleText(retryAfterSeconds), ERROR_CODES.tooManyRequests)
  }
}
