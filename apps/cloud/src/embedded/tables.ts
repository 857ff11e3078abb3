import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { bytea } from '../db/bytea.js'

/**
 * Embedded-wallet users: one per e-mail (lower-cased), or one per identity (`embeddedIdentities`, e-mail null).
 * `address`, `authShare` and `recoveryShare` are set together, once, when the frame stores the wallet; the
 * recovery share only as AES-256-GCM ciphertext.
 */
export const embeddedUsers = pgTable('embedded_users', {
  id: text('id').primaryKey(),
  email: text('email').unique(),
  address: text('address'),
  authShare: text('auth_share'),
  /** iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext, under the key-encryption key. */
  recoveryShare: bytea('recovery_share'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  /** When the e-mail last changed: for a while after, its approval links enrol no device (a new inbox alone). */
  emailChangedAt: bigint('email_changed_at', { mode: 'number' }),
})

/** Devices (the frame's device ids) on which a user verified a code: known devices skip the approval. */
export const embeddedDevices = pgTable(
  'embedded_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    knownAt: bigint('known_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
)

/**
 * One-time codes: the live one per address and purpose, kept only as an HMAC. `subject` binds it to who asked
 * (the device for a sign-in, the session's hash otherwise); `payload` carries the new e-mail of an update.
 * `sentAt` is also the address's throttle.
 */
export const embeddedCodes = pgTable(
  'embedded_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    payload: text('payload'),
    codeHash: text('code_hash').notNull(),
    sentAt: bigint('sent_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    failures: integer('failures').notNull().default(0),
    used: boolean('used').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] }), index('embedded_codes_by_expiry').on(t.expiresAt)],
)

/**
 * Sessions by the SHA-256 of their token, bound to a user, a device (its id and the public half of its
 * non-extractable key: every request proves the key) and the project it was made for.
 */
export const embeddedSessions = pgTable(
  'embedded_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** The device's ECDSA P-256 public key, uncompressed, base64url. */
    deviceKey: text('device_key').notNull(),
    projectId: text('project_id').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    /** Until when a reauth code makes the session fresh (key export); null: never. */
    freshUntil: bigint('fresh_until', { mode: 'number' }),
    /**
     * The one-time enrolment grant: until when this session's device may collect the recovery share (sealed to
     * it), once. Set by a sign-in on a new device or a fresh re-authentication; null: no grant (used or none).
     */
    enrolUntil: bigint('enrol_until', { mode: 'number' }),
  },
  (t) => [index('embedded_sessions_by_expiry').on(t.expiresAt)],
)

/** The nonces of device proofs seen within their window: a proof is accepted once. */
export const embeddedProofNonces = pgTable(
  'embedded_proof_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('embedded_proof_nonces_by_expiry').on(t.expiresAt)],
)

/**
 * Approvals of a new device by a link e-mailed to the user once the device verified a code, by the SHA-256 of the
 * link's token. `ticketHash` is the SHA-256 of the ticket the device got with VERIFY_DEVICE: only that ticket
 * collects the session, once (`claimedAt`). `approvedAt` is set once (the link is single use). `userAgent` and
 * `clientAddress` are what the approval page tells the user about the device that asked.
 */
export const embeddedDeviceApprovals = pgTable(
  'embedded_device_approvals',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    sentAt: bigint('sent_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    approvedAt: bigint('approved_at', { mode: 'number' }),
    ticketHash: text('ticket_hash').unique(),
    claimedAt: bigint('claimed_at', { mode: 'number' }),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    /** The device key and project whose verified code asked: only that key, in that project, collects the session. */
    deviceKey: text('device_key').notNull(),
    projectId: text('project_id').notNull(),
  },
  (t) => [index('embedded_approvals_by_device').on(t.userId, t.deviceId)],
)

/**
 * Code e-mails per e-mail address in its day (from `dayStartedAt`, the day's first code), in the database so that
 * every instance counts them: limits that no client address, rotated or shared, changes.
 */
export const embeddedEmailLimits = pgTable('embedded_email_limits', {
  email: text('email').primaryKey(),
  dayStartedAt: bigint('day_started_at', { mode: 'number' }).notNull(),
  codes: integer('codes').notNull().default(0),
  lastSentAt: bigint('last_sent_at', { mode: 'number' }),
})

/**
 * Wrong codes per e-mail address and device key in its day: a device key past its limit gets no new code for that
 * address that day, and every other device (the user's own) still does.
 */
export const embeddedEmailFailures = pgTable(
  'embedded_email_failures',
  {
    email: text('email').notNull(),
    deviceKey: text('device_key').notNull(),
    dayStartedAt: bigint('day_started_at', { mode: 'number' }).notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.email, t.deviceKey] })],
)

/**
 * Users known by an identity provider (a social provider or Farcaster): the provider's stable subject (`sub`, a
 * FID) names the user; `username` is the provider's latest display name for them.
 */
export const embeddedIdentities = pgTable(
  'embedded_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
)

/**
 * Social sign-ins in flight, by the SHA-256 of their OAuth `state`. The PKCE verifier and nonce stay here; the
 * frame collects the result by the SHA-256 of its secret. `subject` and `username` are set once the callback
 * verified the tokens; `collectedAt` once the frame took its session (each attempt gives one session) or, for a
 * re-authentication, made its session fresh.
 */
export const embeddedSocialAttempts = pgTable(
  'embedded_social_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    secretHash: text('secret_hash').notNull().unique(),
    provider: text('provider').notNull(),
    deviceId: text('device_id').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The page that opens the popup (the Farcaster app and the provider's consent name it). */
    hostOrigin: text('host_origin').notNull(),
    /** The device key that started the attempt: only it collects the result. */
    deviceKey: text('device_key').notNull(),
    /** The frame's origin: the callback hands the completion code to it only, never to the host page. */
    frameOrigin: text('frame_origin').notNull(),
    /** SHA-256 of the code the callback gave the opener; the result is collected only with it. */
    completionHash: text('completion_hash'),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    subject: text('subject'),
    username: text('username'),
    /** The callback ran (successfully or not): the same state is never used twice. */
    calledBackAt: bigint('called_back_at', { mode: 'number' }),
    /** Why the provider or the token check refused, for the frame to report. */
    failure: text('failure'),
    collectedAt: bigint('collected_at', { mode: 'number' }),
    /**
     * A re-authentication (before a key export) of this session, by its token's SHA-256; null for a sign-in. It
     * makes the session fresh only for `expectedSubject`, the session's user at the provider.
     */
    sessionHash: text('session_hash'),
    expectedSubject: text('expected_subject'),
  },
  (t) => [index('embedded_social_attempts_by_expiry').on(t.expiresAt)],
)

/**
 * The device keys that hold a share of the user's wallet: the one that made it, and each one enrolled since. Only a
 * live session of one of them approves a new device, or has a lost share re-enrolled by a fresh re-authentication.
 */
export const embeddedEnrolledDevices = pgTable(
  'embedded_enrolled_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    enrolledAt: bigint('enrolled_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceKey] })],
)

/**
 * New devices asking for the wallet (docs/embedded-wallet.md#new-device-approval), one per session: it ends with
 * the session. `recoverAt` is set when the device asked to recover without an approval. `userAgent`,
 * `clientAddress`, `projectId` and `site` are what an approving device is shown.
 */
export const embeddedEnrolmentRequests = pgTable(
  'embedded_enrolment_requests',
  {
    id: text('id').primaryKey(),
    sessionHash: text('session_hash')
      .notNull()
      .unique()
      .references(() => embeddedSessions.tokenHash, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    /** The project of the session that asks, and the site (host page origin) its frame named: shown to approvers. */
    projectId: text('project_id').notNull(),
    site: text('site'),
    askedAt: bigint('asked_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    recoverAt: bigint('recover_at', { mode: 'number' }),
  },
  (t) => [index('embedded_enrolment_requests_by_user').on(t.userId)],
)
