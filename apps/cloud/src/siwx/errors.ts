import { ERROR_CODES, type ErrorCode, SIWX_TEXTS } from '@allaccess/protocol'
import { HttpError } from '../http/errors.js'

/** A refused sign-in: its status, stable code and text (packages/protocol's SIWX_TEXTS). */
export class SiwxError extends HttpError {
  override readonly name = 'SiwxError'
  private constructor(status: number, text: keyof typeof SIWX_TEXTS, code: ErrorCode) {
    super(status, SIWX_TEXTS[text], code)
  }

  static invalidMessage = () => new SiwxError(400, 'invalidMessage', ERROR_CODES.siwxInvalidMessage)
  static invalidNonce = () => new SiwxError(400, 'invalidNonce', ERROR_CODES.siwxInvalidNonce)
  static expired = () => new SiwxError(400, 'expired', ERROR_CODES.siwxExpired)
  static domainMismatch = () => new SiwxError(403, 'domainMismatch', ERROR_CODES.siwxDomainMismatch)
  static messageMismatch = () => new SiwxError(400, 'messageMismatch', ERROR_CODES.siwxMessageMismatch)
  static invalidSignature = () => new SiwxError(401, 'invalidSignature', ERROR_CODES.siwxInvalidSignature)
  static chainNotServed = () => new SiwxError(400, 'chainNotServed', ERROR_CODES.siwxChainNotServed)
  /** No bearer token, or one that is unknown, expired, revoked or of another project. */
  static sessionNotLive = () => new SiwxError(401, 'sessionNotLive', ERROR_CODES.unauthorized)
  /** The holders' area: the account holds no pass (on chain). */
  static noPass = () => new SiwxError(403, 'noPass', ERROR_CODES.noPass)
}
