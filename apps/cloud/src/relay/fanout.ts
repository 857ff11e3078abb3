import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { z } from 'zod'

/** A published message as announced to the other cloud processes: they read it from the database. */
export type Announcement = { id: number; topic: string }

/** Spreads publications to the relays of other processes sharing the database. */
export interface Fanout {
  announce(announcement: Announcement): Promise<void>
  close(): Promise<void>
}

/** One process (PGlite): every subscriber is local, nothing to spread. */
export const localFanout: Fanout = { announce: async () => {}, close: async () => {} }

const CHANNEL = 'relay_messages'
const RECONNECT_MS = 1000
const notificationSchema = z.object({ origin: z.string(), id: z.number().int(), topic: z.string() })

/** Anyone with database access may NOTIFY: a bad payload is ignored. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection: each publication is announced as
 * `{origin, id, topic}` (well under NOTIFY's 8000-byte payload); a process with subscribers on the topic
 * reads the message by id. A lost connection is re-opened every second; what was announced meanwhile
 * reaches those subscribers from the cache when they next subscribe (clients resubscribe on reconnect).
 */
export async function postgresFanout(
  databaseUrl: string,
  onAnnouncement: (announcement: Announcement) => void,
  log: FastifyBaseLogger,
): Promise<Fanout> {
  const origin = randomUUID()
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl })
    const lost = (error?: Error) => {
      if (client !== next || closed) return
      client = undefined
      log.warn({ err: error }, 'relay fan-out connection lost, reconnecting')
      next.end().catch(() => {})
      retry = setTimeout(() => connect().catch(() => {}), RECONNECT_MS)
    }
    next.on('error', lost)
    next.on('end', () => lost())
    next.on('notification', ({ channel, payload }) => {
      if (channel !== CHANNEL || !payload) return
      const parsed = notificationSchema.safeParse(parseJson(payload))
      if (parsed.success && parsed.data.origin !== origin)
        onAnnouncement({ id: parsed.data.id, topic: parsed.data.topic })
    })
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
      client = next
    } catch (error) {
      next.end().catch(() => {})
      if (closed) return
      log.warn({ err: error }, 'relay fan-out cannot connect, retrying')
      retry = setTimeout(() => connect().catch(() => {}), RECONNECT_MS)
    }
  }
  await connect()

  return {
    async announce({ id, topic }) {
      // Without the connection the others miss the live delivery only: the message is in the cache.
      await client
        ?.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin, id, topic })])
        .catch((error: unknown) => log.warn({ err: error }, 'relay fan-out announce failed'))
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const current = client
      client = undefined
      await current?.end().catch(() => {})
    },
  }
}
