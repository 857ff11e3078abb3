import { ERROR_CODES, type ErrorCode, errorCodeOf, REFUSAL_TEXTS, throttleText } from '@allaccess/protocol'
import { CloudError } from '../errors.js'

/** An error whose message may be shown to the caller as `{ code, message }` with its status. */
export class HttpError extends CloudError<ErrorCode> {
  override name = 'HttpError'
  constructor(
    readonly statusCode: number,
    message: string,
    code: ErrorCode = errorCodeOf(statusCode),
    options?: { cause?: unknown },
  ) {
    super(code, message, options)
  }
}

/** One refusal of a catalogue: its status, its stable code on the wire and its text (packages/protocol's). */
export type Refusal = { status: number; code: ErrorCode; text: string }

/**
 * The cloud's catalogue factory: `defineErrors('SiwxError', { expired: { status: 400, code, text } })` is an
 * HttpError class whose `new SiwxError('expired')` answers that status, code and text; `refusal` names the
 * entry, `SiwxError.refusals` is the catalogue.
 */
export function defineErrors<const Refusals extends Record<string, Refusal>>(
  errorName: string,
  refusals: Refusals,
) {
  const CatalogueError = class extends HttpError {
    static readonly refusals: Refusals = refusals
    override name = errorName
    constructor(
      readonly refusal: keyof Refusals & string,
      options?: { cause?: unknown },
    ) {
      const { status, text, code } = refusals[refusal] as Refusal
      super(status, text, code, options)
    }
  }
  // Logs name the class as the catalogue does ('SiwxError'), not as this factory.
  Object.defineProperty(CatalogueError, 'name', { value: errorName })
  return CatalogueError
}

export class BadRequestError extends HttpError {
  override name = 'BadRequestError'
  constructor(message: string) {
    super(400, message, ERROR_CODES.badRequest)
  }
}

/** The modal maps this exact text to "Invalid Project ID". */
export class InvalidKeyError extends HttpError {
  override name = 'InvalidKeyError'
  constructor() {
    super(401, REFUSAL_TEXTS.invalidKey, ERROR_CODES.invalidKey)
  }
}

/** The modal maps this exact text to "Origin Not Allowed". */
export class OriginNotAllowedError extends HttpError {
  override name = 'OriginNotAllowedError'
  constructor() {
    super(403, REFUSAL_TEXTS.originNotAllowed, ERROR_CODES.originNotAllowed)
  }
}

/** A route of a feature the project has switched off (swaps, the on-ramp, social login). */
export class FeatureOffError extends HttpError {
  override name = 'FeatureOffError'
  constructor() {
    super(403, REFUSAL_TEXTS.featureOff, ERROR_CODES.featureOff)
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError'
  constructor(message = 'Not found') {
    super(404, message, ERROR_CODES.notFound)
  }
}

/** The throttle's text, which clients match on. */
export class TooManyRequestsError extends HttpError {
  override name = 'TooManyRequestsError'
  constructor(readonly retryAfterSeconds: number) {
    super(429, throttleText(retryAfterSeconds), ERROR_CODES.tooManyRequests)
  }
}
