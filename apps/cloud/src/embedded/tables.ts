import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { bytea } from '../db/bytea.js'

/**
 * Embedded-wallet users, one per e-mail (lower-cased). `address`, `authShare` and `recoveryShare` are set
 * together, once, when the frame stores the wallet; the recovery share only as AES-256-GCM ciphertext.
 */
export const embeddedUsers = pgTable('embedded_users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  address: text('address'),
  authShare: text('auth_share'),
  /** iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext, under the key-encryption key. */
  recoveryShare: bytea('recovery_share'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
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

/** Sessions by the SHA-256 of their token, bound to a user and a device. */
export const embeddedSessions = pgTable(
  'embedded_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    /** Until when a reauth code makes the session fresh (key export); null: never. */
    freshUntil: bigint('fresh_until', { mode: 'number' }),
  },
  (t) => [index('embedded_sessions_by_expiry').on(t.expiresAt)],
)

/**
 * Approvals of a new device by a link e-mailed to the user, by the SHA-256 of the link's token. `approvedAt` is
 * set once (the link is single use); `codeSent` once the waiting device was sent its code.
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
    codeSent: boolean('code_sent').notNull().default(false),
  },
  (t) => [index('embedded_approvals_by_device').on(t.userId, t.deviceId)],
)
