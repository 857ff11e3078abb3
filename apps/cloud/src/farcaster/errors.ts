import { ERROR_CODES, FARCASTER_TEXTS as TEXTS } from '@allaccess/protocol'
import { defineErrors } from '../http/errors.js'

/** A refused relay call or sign-in: its status, stable code and text (packages/protocol's FARCASTER_TEXTS). */
export const FarcasterError = defineErrors('FarcasterError', {
  /** No channel has this token: never made, expired, or already used by `verifiedIdentity`. */
  channelUnknown: { status: 401, text: TEXTS.channelUnknown, code: ERROR_CODES.farcasterChannelUnknown },
  pending: { status: 409, text: TEXTS.pending, code: ERROR_CODES.farcasterPending },
  /** A second approval of one channel. */
  completed: { status: 409, text: TEXTS.completed, code: ERROR_CODES.conflict },
  relayKey: { status: 401, text: TEXTS.relayKey, code: ERROR_CODES.unauthorized },
  invalidMessage: { status: 400, text: TEXTS.invalidMessage, code: ERROR_CODES.farcasterInvalidMessage },
  messageMismatch: { status: 400, text: TEXTS.messageMismatch, code: ERROR_CODES.farcasterMessageMismatch },
  expired: { status: 400, text: TEXTS.expired, code: ERROR_CODES.farcasterExpired },
  invalidSignature: {
    status: 401,
    text: TEXTS.invalidSignature,
    code: ERROR_CODES.farcasterInvalidSignature,
  },
  /** A re-authentication approved by another fid than the session's: nothing is made fresh. */
  otherAccount: { status: 400, text: TEXTS.otherAccount, code: ERROR_CODES.farcasterOtherAccount },
  /** A sign-in collected with a wrong completion code: the attempt ends with it. */
  badCompletion: { status: 400, text: TEXTS.badCompletion, code: ERROR_CODES.farcasterBadCompletion },
  /** A re-authentication asked for by a session not signed in with Farcaster. */
  noIdentity: { status: 400, text: TEXTS.noFarcasterIdentity, code: ERROR_CODES.badRequest },
})
export type FarcasterError = InstanceType<typeof FarcasterError>
