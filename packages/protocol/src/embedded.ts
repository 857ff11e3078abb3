import * as z from 'zod/mini'
import { evmAddressSchema } from './account'

/**
 * The embedded wallet's contract between the cloud (`/v1/embedded/…`, `/v1/faucet`) and its only client, the
 * embedded-wallet frame (apps/cloud/README.md#embedded-wallet, docs/embedded-wallet.md#sign-in).
 */

/** The longest e-mail address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254
/** Digits of a one-time code. */
export const OTP_LENGTH = 6
/** The longest key share the cloud stores, in characters (a 2-of-3 share of a 32-byte key is far smaller). */
export const KEY_SHARE_MAX_LENGTH = 1024
/** docs/embedded-wallet.md#sign-in: at most one code e-mail per address in this many seconds. */
export const EMAIL_THROTTLE_SECONDS = 30

/** E-mail connect's actions (spec §4): what the frame does next (docs/embedded-wallet.md#sign-in). */
export const CONNECT_ACTIONS = ['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'] as const
export type ConnectAction = (typeof CONNECT_ACTIONS)[number]
/**
 * What `email/connect` answers: a code for every address, known or not, so the answer tells no one whether an
 * account exists; CONNECT only to the e-mail's own live session on its device.
 */
export const EMAIL_CONNECT_ACTIONS = ['VERIFY_OTP', 'CONNECT'] as const satisfies readonly ConnectAction[]
export type EmailConnectAction = (typeof EMAIL_CONNECT_ACTIONS)[number]
/** What a verified sign-in code leads to: signed in, or (a known user's new device) the e-mailed approval. */
export const OTP_ACTIONS = ['CONNECT', 'VERIFY_DEVICE'] as const satisfies readonly ConnectAction[]
export type OtpAction = (typeof OTP_ACTIONS)[number]
/**
 * Update e-mail (docs/behaviour.md#email): the two steps, a code to the current address and then one to the new
 * address.
 */
export const UPDATE_EMAIL_ACTIONS = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] as const
export type UpdateEmailAction = (typeof UPDATE_EMAIL_ACTIONS)[number]

/** The texts of the embedded wallet's refusals (`message` of the error body) and of the approval page. */
export const EMBEDDED_TEXTS = {
  wrongCode: 'Invalid code. Check the code in your e-mail and try again.',
  expiredCode: 'This code has expired. Request a new code.',
  deadCode: 'Too many wrong codes. Request a new code.',
  sessionNotLive: 'Your session has ended. Sign in again.',
  /** A request without a valid proof of the session's device key (unsigned, another key, stale or replayed). */
  deviceNotProven: "This request is not signed by the session's device. Sign in again.",
  /** The recovery share asked for without a live enrolment grant (a new device's sign-in, or a fresh code). */
  notEnrolled: 'This device is not being enrolled. Sign in on it again, or prove it is you again.',
  /** An enrolment key that passed the schema but is no point of P-256 (the recovery share cannot be sealed to it). */
  enrolKeyNotP256: 'body/enrolKey must be a P-256 public key',
  noWallet: 'This account has no wallet yet.',
  /** A new device's approval answered by a device that holds no share of the wallet (or by the new device itself). */
  notAnApprover: 'Only a device that already holds this wallet can approve a new one.',
  /** An approval of a new device that stopped waiting (answered, signed out, expired). */
  noNewDevice: 'That device is no longer waiting for an approval.',
  /** A new device asked while the most new devices a wallet may have waiting already do (request fatigue). */
  tooManyNewDevices:
    'Too many new devices are waiting for this wallet. Approve or refuse them on a device where you use this wallet, then try again.',
  walletExists: 'This account already has a wallet; it cannot be replaced.',
  emailTaken: 'This e-mail address is already used by another account.',
  sameEmail: 'The new e-mail address is the current one.',
  noEmailUpdate: 'No e-mail update is in progress. Start again.',
  noEmail: 'This account signs in with a social provider and has no e-mail address.',
  faucetChain: 'The faucet only sends test ETH on the local devnet (chain 31337).',
  approveDevice: 'Approve this device?',
  approveDeviceDetail:
    'A device asked to sign in to your wallet with this e-mail address. Approve it only if you just asked for it.',
  approveDeviceButton: 'Approve',
  deviceApproved: 'Device approved',
  deviceApprovedDetail: 'You can close this page and return to the app, which continues by itself.',
  deviceNotApproved: 'This approval link is invalid, already used or expired.',
  deviceNotApprovedDetail: 'Sign in again from the app to receive a new link.',
} as const

/** An e-mail must be a valid address for connect, update and new e-mail (docs/behaviour.md#email). */
export const emailSchema = z
  .string()
  .check(z.maxLength(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`))
  .check(z.email('must be a valid e-mail address'))

/** The frame's own random id for its browser (device), kept in its origin's storage. */
export const deviceIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, "_" or "-"'))

/** A one-time code is a string; ours is six digits. */
export const otpSchema = z
  .string()
  .check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be ${OTP_LENGTH} digits`))

/** A Shamir share as the frame encodes it (hex or base64/base64url). */
export const keyShareSchema = z
  .string()
  .check(
    z.regex(
      new RegExp(`^[A-Za-z0-9+/=_-]{1,${KEY_SHARE_MAX_LENGTH}}$`),
      `must be 1 to ${KEY_SHARE_MAX_LENGTH} hex or base64 characters`,
    ),
  )

export const emailConnectRequestSchema = z.object({ email: emailSchema, deviceId: deviceIdSchema })
export type EmailConnectRequest = z.infer<typeof emailConnectRequestSchema>
export const emailConnectResponseSchema = z.object({ action: z.enum(EMAIL_CONNECT_ACTIONS) })

export const emailVerifyRequestSchema = z.object({
  email: emailSchema,
  deviceId: deviceIdSchema,
  otp: otpSchema,
})

/** The six OAuth providers (docs/behaviour.md#social). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Who vouches for a user who did not sign in by e-mail: a social provider, or Farcaster (its own relay). */
export const IDENTITY_PROVIDERS = [...SOCIAL_PROVIDERS, 'farcaster'] as const
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number]

/**
 * The signed-in user: `address` is null until the frame stores the wallet's shares. An e-mail user has `email`;
 * a user of an identity provider has `provider` and that provider's `username` instead.
 */
export const embeddedUserSchema = z.object({
  email: z.nullable(z.string()),
  address: z.nullable(evmAddressSchema),
  provider: z.nullable(z.enum(IDENTITY_PROVIDERS)),
  username: z.nullable(z.string()),
})
export type EmbeddedUser = z.infer<typeof embeddedUserSchema>

export const signedInSchema = z.object({ sessionToken: z.string(), user: embeddedUserSchema })

/**
 * `POST /v1/embedded/email/verify`: a session, or for a known user's new device VERIFY_DEVICE (an approval link
 * was e-mailed) with the ticket only this device holds: `device/wait` gives the session to that ticket, once.
 */
export const emailVerifyResponseSchema = z.union([
  signedInSchema,
  z.object({ action: z.literal('VERIFY_DEVICE'), ticket: z.string() }),
])

/** `POST /v1/embedded/device/wait`: the device and the ticket its verified code gave. */
export const deviceWaitRequestSchema = z.object({
  deviceId: deviceIdSchema,
  ticket: z.string().check(z.maxLength(200)),
})
export type DeviceWaitRequest = z.infer<typeof deviceWaitRequestSchema>
export const deviceWaitResponseSchema = z.union([
  z.object({ approved: z.literal(false) }),
  z.extend(signedInSchema, { approved: z.literal(true) }),
])

/** `GET /v1/embedded/session`: times in epoch ms; `freshUntil` is null unless a reauth code was verified. */
export const embeddedSessionSchema = z.object({
  user: embeddedUserSchema,
  expiresAt: z.number(),
  freshUntil: z.nullable(z.number()),
})
export type EmbeddedSession = z.infer<typeof embeddedSessionSchema>

export const keySharesSchema = z.object({
  address: evmAddressSchema,
  authShare: keyShareSchema,
  recoveryShare: keyShareSchema,
})
export type KeyShares = z.infer<typeof keySharesSchema>

export const otpRequestSchema = z.object({ otp: otpSchema })
export const emailUpdateRequestSchema = z.object({ newEmail: emailSchema })
export const emailUpdateResponseSchema = z.object({ action: z.enum(UPDATE_EMAIL_ACTIONS) })

/** The faucet serves this chain only (the local devnet). */
export const FAUCET_CHAIN_ID = 31337
export const faucetRequestSchema = z.object({ chainId: z.number(), address: evmAddressSchema })
export const faucetResponseSchema = z.object({ hash: z.string() })

/**
 * One e-mail as the cloud's development mailbox lists it (`GET /mailbox/messages`, apps/cloud/README.md#mailbox):
 * what the cloud's tests and the testkit's mailbox reader read codes and links from.
 */
export const mailboxMessageSchema = z.object({
  id: z.number(),
  /** The envelope's recipients, lower-cased. */
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  /** When the mailbox received it (ISO 8601). */
  date: z.string(),
})
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>
/** The mailbox's answer, newest first. */
export const mailboxMessagesSchema = z.object({ messages: z.array(mailboxMessageSchema) })
