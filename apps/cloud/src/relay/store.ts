import { and, asc, count, eq, gt, inArray, lte, ne, notExists, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { relayAcks, relayMessages } from './tables.js'

/** A cached message as delivered to subscribers. */
export type RelayMessage = {
  id: number
  topic: string
  message: string
  tag: number
  publishedAt: number
  attestation: string
}

export type NewMessage = {
  topic: string
  message: string
  tag: number
  sender: string
  ttlSeconds: number
  attestation: string
}

/** Bounds of one page of pending messages: a count, and bytes of `message` (at least one message fits). */
export type PageBounds = { maxMessages: number; maxBytes: number; afterId?: number }
export type Page = { messages: RelayMessage[]; hasMore: boolean }

/** Stored, unexpired messages and their bytes. */
export type Usage = { messages: number; bytes: number }

const columns = {
  id: relayMessages.id,
  topic: relayMessages.topic,
  message: relayMessages.message,
  tag: relayMessages.tag,
  publishedAt: relayMessages.publishedAt,
  attestation: relayMessages.attestation,
}

const bytesOf = sql<number>`octet_length(${relayMessages.message})`.mapWith(Number)

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
        attestation: input.attestation,
        publishedAt: now,
        expiresAt: now + input.ttlSeconds * 1000,
      })
      .returning(columns)
    if (!row) throw new Error('relay message insert returned no row')
    return row
  }

  /**
   * Unexpired messages on `topics` that `clientId` neither sent nor acknowledged, oldest first, one page:
   * the sizes are read first, so a page never loads more than its bounds.
   */
  async pending(topics: readonly string[], clientId: string, now: number, bounds: PageBounds): Promise<Page> {
    if (topics.length === 0) return { messages: [], hasMore: false }
    const where: SQL[] = [
      inArray(relayMessages.topic, [...topics]),
      gt(relayMessages.expiresAt, now),
      ne(relayMessages.sender, clientId),
      notExists(
        this.db
          .select({ one: sql`1` })
          .from(relayAcks)
          .where(and(eq(relayAcks.messageId, relayMessages.id), eq(relayAcks.clientId, clientId))),
      ),
    ]
    if (bounds.afterId !== undefined) where.push(gt(relayMessages.id, bounds.afterId))
    const sizes = await this.db
      .select({ id: relayMessages.id, bytes: bytesOf })
      .from(relayMessages)
      .where(and(...where))
      .orderBy(asc(relayMessages.id))
      .limit(bounds.maxMessages + 1)
    const ids: number[] = []
    let bytes = 0
    for (const row of sizes) {
      if (ids.length === bounds.maxMessages || (ids.length > 0 && bytes + row.bytes > bounds.maxBytes)) break
      ids.push(row.id)
      bytes += row.bytes
    }
    const messages =
      ids.length === 0
        ? []
        : await this.db
            .select(columns)
            .from(relayMessages)
            .where(inArray(relayMessages.id, ids))
            .orderBy(asc(relayMessages.id))
    return { messages, hasMore: sizes.length > ids.length }
  }

  /** What is stored on each of `topics` and what `sender` stored, unexpired. */
  async usage(
    topics: readonly string[],
    sender: string,
    now: number,
  ): Promise<{ topics: Map<string, Usage>; sender: Usage }> {
    const total = { messages: count(), bytes: sql<number>`coalesce(sum(${bytesOf}), 0)`.mapWith(Number) }
    const [perTopic, [bySender]] = await Promise.all([
      this.db
        .select({ topic: relayMessages.topic, ...total })
        .from(relayMessages)
        .where(and(inArray(relayMessages.topic, [...topics]), gt(relayMessages.expiresAt, now)))
        .groupBy(relayMessages.topic),
      this.db
        .select(total)
        .from(relayMessages)
        .where(and(eq(relayMessages.sender, sender), gt(relayMessages.expiresAt, now))),
    ])
    return {
      topics: new Map(perTopic.map(({ topic, messages, bytes }) => [topic, { messages, bytes }])),
      sender: bySender ?? { messages: 0, bytes: 0 },
    }
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
