import * as z from 'zod/mini'
import { deviceIdSchema, embeddedUserSchema, type IdentityProvider, SOCIAL_PROVIDERS } from './embedded'
import { ERROR_CODES } from './errors'

/**
 * Social login on the embedded wallet (docs/embedded-wallet.md#social-login): the cloud is an OAuth 2.0 /
 * OpenID Connect client of each provider; the frame starts an attempt, the visitor signs in in a popup, the
 * provider sends the popup back to the cloud's callback, and the frame collects the result with a secret only
 * it holds. The modal's side: docs/behaviour.md#social.
 */

/** The social provider must be one of the six (docs/behaviour.md#social). */
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)

/** The cloud's callback for every provider: the redirect URI to register with each (README, Social login). */
export const SOCIAL_CALLBACK_PATH = '/v1/embedded/social/callback'

/** How long an attempt (popup open → result collected) lives: the spec's 120 s interactive time-out and margin. */
export const SOCIAL_ATTEMPT_TTL_SECONDS = 300

/** How the modal's buttons and the frame's screens name each identity provider. */
export const IDENTITY_PROVIDER_LABELS: Readonly<Record<IdentityProvider, string>> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

/** The texts of social login's refusals (`message` of the error body) and of the callback page. */
export const SOCIAL_TEXTS = {
  notConfigured: 'This social provider is not configured.',
  unavailable: 'The social provider could not be reached.',
  badCallback: 'This sign-in is invalid, already used or expired. Start again from the app.',
  providerRefused: 'The provider did not sign you in.',
  pending: 'The sign-in is not finished yet.',
  done: 'Signed in',
  doneDetail: 'You can close this window and return to the app.',
  failed: 'Sign-in failed',
  /** Re-authentication before a key export: the provider signed in someone else than the wallet's user. */
  otherAccount: 'That is another account. Sign in with the account of this wallet to export its key.',
  /** Re-authentication is by the provider the session signed in with: an e-mail session has none. */
  noSocialIdentity: 'This wallet was not signed in with a social provider.',
} as const

/** The secret the frame collects its attempt's result with (never in a URL, never given to the host). */
export const socialAttemptSecretSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a token'))

/** A page's origin (`https://site.example`), as the frame saw its host: scheme, host and port only. */
export const hostOriginSchema = z
  .string()
  .check(z.regex(/^https?:\/\/[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, 'must be an origin'))

/**
 * `hostOrigin`: the page the frame is embedded in, which opens the popup. The callback hands the attempt's
 * completion code to the popup's opener on that origin only, and the result is given only with it: a sign-in
 * link opened anywhere else (sent to someone by whoever started it) never finishes.
 */
export const socialStartRequestSchema = z.object({
  provider: socialProviderSchema,
  deviceId: deviceIdSchema,
  hostOrigin: hostOriginSchema,
})
/** `uri`: where the popup goes (the provider's authorization endpoint); `secret`: the frame keeps it. */
export const socialStartResponseSchema = z.object({ uri: z.string(), secret: socialAttemptSecretSchema })

export const socialResultRequestSchema = z.object({
  secret: socialAttemptSecretSchema,
  /** Long poll: wait for the callback up to the cloud's bound instead of answering `pending` at once. */
  wait: z.boolean(),
  /** The code the callback gave the frame: needed to take the session. */
  completion: z.optional(socialAttemptSecretSchema),
})

/**
 * The frame's own page the cloud's callback sends the popup to, the completion code in its fragment
 * (docs/embedded-wallet.md#sign-in-binding): at the root of the frame's origin. It hands the code to the frame by a
 * BroadcastChannel named SOCIAL_CALLBACK_MESSAGE (the frame's origin only), never to the host page.
 */
export const SOCIAL_COMPLETION_PATH = '/social-callback.html'
/** What the frame's completion page broadcasts to the frame, and the channel's name. */
export const SOCIAL_CALLBACK_MESSAGE = 'allaccess:social-callback'
export const socialCallbackMessageSchema = z.object({
  type: z.literal(SOCIAL_CALLBACK_MESSAGE),
  completion: socialAttemptSecretSchema,
})

/**
 * The attempt ended without a user: the provider refused (the visitor's Cancel there, tokens that did not verify;
 * `social_refused`) or, for a re-authentication, signed in another user (`social_other_account`). An answer, not a
 * failure: a closed popup's last look must not show in the frame's console as a failed request.
 */
const socialRefusedSchema = z.object({
  status: z.literal('refused'),
  code: z.enum([ERROR_CODES.socialRefused, ERROR_CODES.socialOtherAccount]),
  message: z.string(),
})

/**
 * `pending` until the callback verified the user. Then a waiting request answers `ready` and a request without
 * `wait` takes the session (given once) and the user: a long poll whose caller went away takes nothing with it.
 * `refused` when the provider said no.
 */
export const socialResultResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('ready') }),
  socialRefusedSchema,
  z.object({ status: z.literal('done'), sessionToken: z.string(), user: embeddedUserSchema }),
])
export type SocialResultResponse = z.infer<typeof socialResultResponseSchema>

/**
 * Re-authentication of a social session before a key export (docs/embedded-wallet.md#export): the session token
 * names the provider and the user; `hostOrigin` opens the popup as for a sign-in.
 */
export const socialReauthStartRequestSchema = z.object({ hostOrigin: hostOriginSchema })

/**
 * A re-authentication's result, by its secret (with the session token): `pending`, `ready` as for a sign-in; with
 * the completion code, `fresh`: the session may export its key until `freshUntil` (epoch ms); `refused` as for a
 * sign-in.
 */
export const socialReauthResultResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('ready') }),
  socialRefusedSchema,
  z.object({ status: z.literal('fresh'), freshUntil: z.number() }),
])
export type SocialReauthResultResponse = z.infer<typeof socialReauthResultResponseSchema>
