import * as z from 'zod/mini'
import { deviceIdSchema, embeddedUserSchema, otpSchema } from './embedded'
import { hostOriginSchema, socialAttemptSecretSchema } from './social'

/**
 * Sign In With Farcaster through the cloud's relay (apps/cloud/README.md#sign-in-with-farcaster): the relay's
 * lifetimes, the refusal texts and the devnet's shared relay key, between the cloud, the frame and the testkit.
 */

/**
 * How long a channel waits for the Farcaster app: @farcaster/auth-client's `watchStatus` default time-out, so the
 * relay forgets a channel when its clients give up on it.
 */
export const FARCASTER_CHANNEL_TTL_MS = 300_000
/** The header that carries the shared relay key on `POST /v1/channel/authenticate` (the Farcaster app's). */
export const FARCASTER_RELAY_KEY_HEADER = 'x-farcaster-auth-relay-key'
/**
 * The devnet's shared relay key (the cloud's default FARCASTER_RELAY_KEY outside production; public, like every dev
 * key): the testkit's Farcaster client approves with it.
 */
export const DEVNET_FARCASTER_RELAY_KEY = 'devnet-farcaster-relay-key-not-secret'
/** The chain every Sign In With Farcaster message names (Farcaster's contracts live on OP Mainnet). */
export const FARCASTER_MESSAGE_CHAIN_ID = 10

/** The `message` of the relay's and the verification's refusals (each with its code in ERROR_CODES). */
export const FARCASTER_TEXTS = {
  channelUnknown: 'This Farcaster sign-in is unknown, has expired or was already used. Start again.',
  pending: 'This Farcaster sign-in has not been approved in the Farcaster app yet.',
  completed: 'This Farcaster sign-in was already approved.',
  relayKey: 'The relay key is missing or wrong.',
  invalidMessage: 'This is not a Sign In With Farcaster message the cloud can read.',
  messageMismatch: 'This Sign In With Farcaster message was not made for this sign-in request.',
  expired: 'This Sign In With Farcaster message has expired or is not valid yet.',
  invalidSignature: 'The message is not signed by the custody address of its fid.',
  /** Re-authentication before a key export: the Farcaster app approved with another fid than the wallet's. */
  otherAccount:
    'That is another Farcaster account. Approve with the account of this wallet to export its key.',
  /** Re-authentication with Farcaster is for a session signed in with Farcaster. */
  noFarcasterIdentity: 'This wallet was not signed in with Farcaster.',
  /** A sign-in collected with another code than the one the Farcaster app showed its approver (the sign-in ends). */
  badCompletion: 'That is not the code the Farcaster app showed. Start again.',
} as const

/**
 * The embedded wallet's Farcaster sign-in (docs/embedded-wallet.md#farcaster): the frame starts it for its device
 * and its host page's origin (the domain the Farcaster app shows the user; on the project's allowlist), shows the
 * `url` through the host (the QR code), and collects the session with the `secret`, which only it holds.
 */
export const farcasterStartRequestSchema = z.object({
  deviceId: deviceIdSchema,
  hostOrigin: hostOriginSchema,
})
export const farcasterStartResponseSchema = z.object({ url: z.string(), secret: socialAttemptSecretSchema })

/**
 * `wait`: long poll, held up to the cloud's bound for the Farcaster app's approval instead of answering at once.
 * `completion`: the code the Farcaster app showed its approver (the relay's approval answer), typed into the window
 * that showed the link: only with it is a sign-in's session given, so a link sent to someone else finishes nothing.
 */
export const farcasterResultRequestSchema = z.object({
  secret: socialAttemptSecretSchema,
  wait: z.boolean(),
  completion: z.optional(otpSchema),
})

/**
 * `pending` until the Farcaster app's approval is verified; then `ready` (a sign-in asked without its completion
 * code) or, with the code, the session (given once) and the user.
 */
export const farcasterResultResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('ready') }),
  z.object({ status: z.literal('done'), sessionToken: z.string(), user: embeddedUserSchema }),
])
export type FarcasterResultResponse = z.infer<typeof farcasterResultResponseSchema>

/**
 * Re-authentication of a Farcaster session before a key export (docs/embedded-wallet.md#export): a channel for the
 * session's fid whose message names `hostOrigin` (as for a sign-in); the start answers `url` and `secret` as
 * farcasterStartResponseSchema.
 */
export const farcasterReauthStartRequestSchema = z.object({ hostOrigin: hostOriginSchema })

/** A re-authentication's result: `pending`, then `fresh` once the session's own fid approved (once). */
export const farcasterReauthResultResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('fresh'), freshUntil: z.number() }),
])
export type FarcasterReauthResultResponse = z.infer<typeof farcasterReauthResultResponseSchema>
