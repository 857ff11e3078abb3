import { ERROR_CODES, type ErrorCode, FARCASTER_TEXTS } from '@allaccess/protocol'
import { HttpError } from '../http/errors.js'

/** A refused relay call or sign-in: its status, stable code and text (packages/protocol's FARCASTER_TEXTS). */
export class FarcasterError extends HttpError {
  override readonly name = 'FarcasterError'
  private constructor(status: number, text: keyof typeof FARCASTER_TEXTS, code: ErrorCode) {
    super(status, FARCASTER_TEXTS[text], code)
  }

  /** No channel has this token: never made, expired, or already used by `verifiedIdentity`. */
  static channelUnknown = () => new FarcasterError(401, 'channelUnknown', ERROR_CODES.farcasterChannelUnknown)
  static pending = () => new FarcasterError(409, 'pending', ERROR_CODES.farcasterPending)
  /** A second approval of one channel. */
  static completed = () => new FarcasterError(409, 'completed', ERROR_CODES.conflict)
  static relayKey = () => new FarcasterError(401, 'relayKey', ERROR_CODES.unauthorized)
  static invalidMessage = () => new FarcasterError(400, 'invalidMessage', ERROR_CODES.farcasterInvalidMessage)
  static messageMismatch = () =>
    new FarcasterError(400, 'messageMismatch', ERROR_CODES.farcasterMessageMismatch)
  static expired = () => new FarcasterError(400, 'expired', ERROR_CODES.farcasterExpired)
  static invalidSignature = () =>
    new FarcasterError(401, 'invalidSignature', ERROR_CODES.farcasterInvalidSignature)
  /** A re-authentication approved by another fid than the session's: nothing is made fresh. */
  static otherAccount = () => new FarcasterError(400, 'otherAccount', ERROR_CODES.farcasterOtherAccount)
  /** A sign-in collected with a wrong completion code: the attempt ends with it. */
  static badCompletion = () => new FarcasterError(400, 'badCompletion', ERROR_CODES.farcasterBadCompletion)
  /** A re-authentication asked for by a session not signed in with Farcaster. */
  static noIdentity = () => new FarcasterError(400, 'noFarcasterIdentity', ERROR_CODES.badRequest)
}
