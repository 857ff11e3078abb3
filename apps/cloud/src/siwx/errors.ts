import { ERROR_CODES, SIWX_TEXTS } from '@allaccess/protocol'
import { defineErrors } from '../http/errors.js'

/** A refused sign-in: its status, stable code and text (packages/protocol's SIWX_TEXTS). */
export const SiwxError = defineErrors('SiwxError', {
  invalidMessage: { status: 400, text: SIWX_TEXTS.invalidMessage, code: ERROR_CODES.siwxInvalidMessage },
  invalidNonce: { status: 400, text: SIWX_TEXTS.invalidNonce, code: ERROR_CODES.siwxInvalidNonce },
  expired: { status: 400, text: SIWX_TEXTS.expired, code: ERROR_CODES.siwxExpired },
  domainMismatch: { status: 403, text: SIWX_TEXTS.domainMismatch, code: ERROR_CODES.siwxDomainMismatch },
  messageMismatch: { status: 400, text: SIWX_TEXTS.messageMismatch, code: ERROR_CODES.siwxMessageMismatch },
  invalidSignature: {
    status: 401,
    text: SIWX_TEXTS.invalidSignature,
    code: ERROR_CODES.siwxInvalidSignature,
  },
  chainNotServed: { status: 400, text: SIWX_TEXTS.chainNotServed, code: ERROR_CODES.siwxChainNotServed },
  /** No bearer token, or one that is unknown, expired, revoked or of another project. */
  sessionNotLive: { status: 401, text: SIWX_TEXTS.sessionNotLive, code: ERROR_CODES.unauthorized },
})
export type SiwxError = InstanceType<typeof SiwxError>
