import { bigint, bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * The relay's message cache: every published message until its TTL ends, so a subscriber that comes
 * later (or after a relay restart) still gets it. Times are epoch milliseconds.
 */
export const relayMessages = pgTable(
  'relay_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    tag: integer('tag').notNull(),
    /** Client id (JWT `iss`) of the publisher: a message is never echoed to it. */
    sender: text('sender').notNull(),
    /** The publisher's Verify attestation (a JWT), passed on to subscribers; empty when it sent none. */
    attestation: text('attestation').notNull().default(''),
    publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('relay_messages_by_topic').on(t.topic, t.id),
    index('relay_messages_by_expiry').on(t.expiresAt),
    // Per-client storage quota.
    index('relay_messages_by_sender').on(t.sender),
  ],
)

/** Which client acknowledged which message: acknowledged messages are not delivered to it again. */
export const relayAcks = pgTable(
  'relay_acks',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => relayMessages.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.clientId] })],
)
