import type { SiwxMessage, SiwxMessageData } from '@allaccess/protocol'
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Issued sign-in messages by their nonce, until signed (once) or expired: `fields` is the message as issued,
 * `origin` the browser origin it was issued to, `clientKey` the client address the per-client cap counts.
 */
export const siwxNonces = pgTable(
  'siwx_nonces',
  {
    nonce: text('nonce').primaryKey(),
    projectId: text('project_id').notNull(),
    clientKey: text('client_key').notNull(),
    origin: text('origin').notNull(),
    /** The account named when the message was asked for; null when it was not known yet. */
    accountAddress: text('account_address'),
    fields: jsonb('fields').$type<SiwxMessage>().notNull(),
    issuedAt: bigint('issued_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('siwx_nonces_by_client').on(t.projectId, t.clientKey, t.issuedAt),
    index('siwx_nonces_by_expiry').on(t.expiresAt),
  ],
)

/** Sign-in sessions by id, found by the SHA-256 of their bearer token; `address` is checksummed. */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    projectId: text('project_id').notNull(),
    address: text('address').notNull(),
    data: jsonb('data').$type<SiwxMessageData>().notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    cacao: jsonb('cacao').$type<Record<string, unknown>>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('siwx_sessions_by_account').on(t.projectId, t.address, t.createdAt),
    index('siwx_sessions_by_expiry').on(t.expiresAt),
  ],
)
