import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import type { AnalyticsQuota } from './quota.js'
import { type AnalyticsEvent, isErrorReport, type StoreResult } from './schema.js'
import * as tables from './tables.js'

/** At most 5 error reports per 60 s per client. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_SECONDS = 60

export type EventSource = {
  projectId: string
  clientKey: string
  sdkType?: string | undefined
  sdkVersion?: string | undefined
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const events = tables.analyticsEvents

/** Seconds until the oldest error report of the window leaves it. */
async function errorWindow(tx: Tx, clientKey: string): Promise<{ recent: number; retryAfter: number }> {
  const [row] = await tx
    .select({
      recent: sql<number>`count(*)::int`,
      age: sql<number>`coalesce(extract(epoch from now() - min(${events.receivedAt})), 0)::float8`,
    })
    .from(events)
    .where(
      and(
        eq(events.clientKey, clientKey),
        eq(events.isError, true),
        gt(events.receivedAt, sql`now() - make_interval(secs => ${ERROR_REPORT_WINDOW_SECONDS})`),
      ),
    )
  const recent = row?.recent ?? 0
  return { recent, retryAfter: Math.max(1, Math.ceil(ERROR_REPORT_WINDOW_SECONDS - (row?.age ?? 0))) }
}

/**
 * Stores events once per (project, eventId). Error reports count against the client's window; the
 * check and the insert run under a per-client advisory lock so concurrent requests (or instances) agree.
 * What passes is then held to the project's quota (events per minute, stored rows).
 */
export async function storeEvents(
  db: Db,
  quota: AnalyticsQuota,
  source: EventSource,
  batch: readonly AnalyticsEvent[],
): Promise<StoreResult & { retryAfter: number }> {
  const unique = [...new Map(batch.map((event) => [event.eventId, event])).values()]
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${source.clientKey}))`)
    const seen = await tx
      .select({ eventId: events.eventId })
      .from(events)
      .where(
        and(
          eq(events.projectId, source.projectId),
          inArray(
            events.eventId,
            unique.map((e) => e.eventId),
          ),
        ),
      )
    const seenIds = new Set(seen.map((row) => row.eventId))
    const fresh = unique.filter((event) => !seenIds.has(event.eventId))
    const errors = fresh.filter(isErrorReport)
    const window = errors.length > 0 ? await errorWindow(tx, source.clientKey) : { recent: 0, retryAfter: 0 }
    const admitted = new Set(errors.slice(0, Math.max(0, ERROR_REPORT_LIMIT - window.recent)))
    const wanted = fresh.filter((event) => !isErrorReport(event) || admitted.has(event))
    const room = wanted.length > 0 ? await quota.reserve(tx, source.projectId, wanted.length) : undefined
    const keep = wanted.slice(0, room?.admitted ?? 0)
    const overQuota = wanted.length - keep.length
    const stored =
      keep.length === 0
        ? []
        : await tx
            .insert(events)
            .values(
              keep.map((event) => ({
                ...event,
                projectId: source.projectId,
                isError: isErrorReport(event),
                clientKey: source.clientKey,
                sdkType: source.sdkType,
                sdkVersion: source.sdkVersion,
              })),
            )
            .onConflictDoNothing()
            .returning({ eventId: events.eventId })
    const throttled = errors.length - admitted.size + overQuota
    return {
      received: batch.length,
      stored: stored.length,
      duplicates: batch.length - stored.length - throttled,
      throttled,
      retryAfter: Math.max(window.retryAfter, overQuota > 0 ? (room?.retryAfter ?? 0) : 0),
    }
  })
}

/** A project's newest stored events first, at most `limit`: what the operator (and the browser tests) read. */
export function recentEvents(db: Db, projectId: string, limit: number) {
  return db
    .select({
      eventId: events.eventId,
      url: events.url,
      domain: events.domain,
      timestamp: events.timestamp,
      props: events.props,
      isError: events.isError,
      receivedAt: events.receivedAt,
    })
    .from(events)
    .where(eq(events.projectId, projectId))
    .orderBy(desc(events.receivedAt), desc(events.timestamp))
    .limit(limit)
}
