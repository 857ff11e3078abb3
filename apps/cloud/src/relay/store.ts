import { and, asc, eq, gt, inArray, lte, ne, notExists, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { relayAcks, relayMessages } from './tables.js'

/** A cached message as delivered to subscribers. */
export type RelayMessage = { id: number; topic: string; message: string; tag: number; publishedAt: number }

export type NewMessage = { topic: string; message: string; tag: number; sender: string; ttlSeconds: number }

const columns = {
  id: relayMessages.id,
  topic: relayMessages.topic,
  message: relayMessages.message,
  tag: relayMessages.tag,
  publishedAt: relayMessages.publishedAt,
}

/** The message cache in the database: what survives a relay restart and what other processes read. */
export class MessageStore {
  constructor(private readonly db: Db) {}

  async insert(input: NewMessage, now: number): Promise<RelayMessage> {
    const [row] = await this.db
      .insert(relayMessages)
      .values({
        topic: input.topic,
        message: input.message,
        tag: input.tag,
        sender: input.sender,
        publishedAt: now,
        expiresAt: now + input.ttlSeconds * 1000,
      })
      .returning(columns)
    if (!row) throw new Error('relay message insert returned no row')
    return row
  }

  /** Unexpired messages on `topics` that `clientId` neither sent nor acknowledged, oldest first. */
  pending(topics: readonly string[], clientId: string, now: number): Promise<RelayMessage[]> {
    if (topics.length === 0) return Promise.resolve([])
    return this.db
      .select(columns)
      .from(relayMessages)
      .where(
        and(
          inArray(relayMessages.topic, [...topics]),
          gt(relayMessages.expiresAt, now),
          ne(relayMessages.sender, clientId),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(relayAcks)
              .where(and(eq(relayAcks.messageId, relayMessages.id), eq(relayAcks.clientId, clientId))),
          ),
        ),
      )
      .orderBy(asc(relayMessages.id))
  }

  /** One message with its sender (for deliveries announced by another process). */
  async byId(id: number): Promise<(RelayMessage & { sender: string }) | undefined> {
    const [row] = await this.db
      .select({ ...columns, sender: relayMessages.sender })
      .from(relayMessages)
      .where(eq(relayMessages.id, id))
    return row
  }

  /** Records acknowledgements; messages purged meanwhile are skipped. */
  async ack(messageIds: readonly number[], clientId: string): Promise<void> {
    if (messageIds.length === 0) return
    await this.db
      .insert(relayAcks)
      .select(
        this.db
          .select({ messageId: relayMessages.id, clientId: sql<string>`${clientId}`.as('client_id') })
          .from(relayMessages)
          .where(inArray(relayMessages.id, [...messageIds])),
      )
      .onConflictDoNothing()
  }

  /** Deletes expired messages (their acks go with them); returns how many. */
  async purgeExpired(now: number): Promise<number> {
    const removed = await this.db
      .delete(relayMessages)
      .where(lte(relayMessages.expiresAt, now))
      .returning({ id: relayMessages.id })
    return removed.length
  }
}
