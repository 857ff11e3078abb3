import * as z from 'zod/mini'

/**
 * The stable `code` of every cloud error body `{ code, message }`, by HTTP status. Clients branch on the
 * code; the message is for people (and keeps the exact texts of the wallet kits' catalogue that existing clients match on).
 */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  /** 'Unauthorized: invalid key': the project id is unknown or missing. */
  invalidKey: 'invalid_key',
  forbidden: 'forbidden',
  /** 'Unauthorized: origin not allowed': the browser origin is outside the project's allowlist. */
  originNotAllowed: 'origin_not_allowed',
  /** The project has turned the feature the route serves off (its switch in the project's features). */
  featureOff: 'feature_off',
  notFound: 'not_found',
  /** The request clashes with what exists (a wallet already stored, an e-mail already used). */
  conflict: 'conflict',
  methodNotAllowed: 'method_not_allowed',
  requestTimeout: 'request_timeout',
  payloadTooLarge: 'payload_too_large',
  uriTooLong: 'uri_too_long',
  unsupportedMediaType: 'unsupported_media_type',
  tooManyRequests: 'too_many_requests',
  headersTooLarge: 'headers_too_large',
  internal: 'internal',
  /** Embedded wallet: a one-time code that does not match. */
  wrongCode: 'wrong_code',
  /** Embedded wallet: a code past its validity, already used, or never sent. */
  expiredCode: 'expired_code',
  /** Embedded wallet: a code killed by too many wrong tries. */
  deadCode: 'dead_code',
  /** A chain's upstream node is down, slow or answering garbage: the answer needs it, try again later. */
  upstreamUnavailable: 'upstream_unavailable',
  /** Sign-in: the text is not an EIP-4361 message. */
  siwxInvalidMessage: 'siwx_invalid_message',
  /** Sign-in: the message's nonce was never issued to this project, or was already used (one try each). */
  siwxInvalidNonce: 'siwx_invalid_nonce',
  /** Sign-in: the nonce expired, or the message is past its expiration time or before its not-before time. */
  siwxExpired: 'siwx_expired',
  /** Sign-in: the message's domain or URI is not the requesting origin the nonce was issued to. */
  siwxDomainMismatch: 'siwx_domain_mismatch',
  /** Sign-in: a field of the message differs from the one issued with its nonce. */
  siwxMessageMismatch: 'siwx_message_mismatch',
  /** Sign-in: the signature is not the message's account's (EOA, ERC-1271 or ERC-6492). */
  siwxInvalidSignature: 'siwx_invalid_signature',
  /** Sign-in: the chain is not one the cloud has an upstream for. */
  siwxChainNotServed: 'siwx_chain_not_served',
  /** Social login: the provider is not one the cloud is configured for. */
  socialNotConfigured: 'social_not_configured',
  /** Social login: the provider's discovery or token endpoint could not be reached. */
  socialUnavailable: 'social_unavailable',
  /** Social login: a callback whose state is unknown, used or expired, or a result asked for with a wrong secret. */
  socialBadCallback: 'social_bad_callback',
  /** Social login: the provider refused, or its answer (tokens, ID token, nonce) did not verify. */
  socialRefused: 'social_refused',
  /** Social re-authentication: the provider signed in another user than the session's. */
  socialOtherAccount: 'social_other_account',
  /** Holders' area: the signed-in account holds no All-Access Pass. */
  /** Farcaster: the channel is unknown, expired or already used. */
  farcasterChannelUnknown: 'farcaster_channel_unknown',
  /** Farcaster: the channel waits for the Farcaster app's approval. */
  farcasterPending: 'farcaster_pending',
  /** Farcaster: the text is not a Sign In With Farcaster message. */
  farcasterInvalidMessage: 'farcaster_invalid_message',
  /** Farcaster: the message's domain, URI, nonce, request id or fid is not the channel's. */
  farcasterMessageMismatch: 'farcaster_message_mismatch',
  /** Farcaster: the message is past its expiration time or before its not-before time. */
  farcasterExpired: 'farcaster_expired',
  /** Farcaster: the signature is not the fid's custody address's (read on the ID registry). */
  farcasterInvalidSignature: 'farcaster_invalid_signature',
  /** Farcaster re-authentication: the approval is another fid's than the session's. */
  farcasterOtherAccount: 'farcaster_other_account',
  /** Farcaster sign-in: the completion code is not the one the Farcaster app showed the approver. */
  farcasterBadCompletion: 'farcaster_bad_completion',
} as const

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/** The code a status carries when nothing more specific is known (framework and transport errors). */
export const ERROR_CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  405: ERROR_CODES.methodNotAllowed,
  409: ERROR_CODES.conflict,
  408: ERROR_CODES.requestTimeout,
  413: ERROR_CODES.payloadTooLarge,
  414: ERROR_CODES.uriTooLong,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests,
  431: ERROR_CODES.headersTooLarge,
  500: ERROR_CODES.internal,
}

/** A status's code; an unlisted 4xx is a bad request, anything else internal. */
export function errorCodeOf(status: number): ErrorCode {
  return (
    ERROR_CODE_OF_STATUS[status] ??
    (status >= 400 && status < 500 ? ERROR_CODES.badRequest : ERROR_CODES.internal)
  )
}

export const errorBodySchema = z.object({
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

/** The throttle's text (spec §8), which clients read the seconds from: 'Please try again after {n} seconds'. */
export const throttleText = (seconds: number) => `Please try again after ${seconds} seconds`
const THROTTLE_TEXT = /^Please try again after (\d{1,9}) seconds$/

/** The seconds a throttle's text names; undefined for any other text. */
export function throttleSeconds(text: string): number | undefined {
  const seconds = THROTTLE_TEXT.exec(text)?.[1]
  return seconds === undefined ? undefined : Number(seconds)
}
