import { count, eq } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import * as tables from './tables.js'

export type QuotaLimits = { eventsPerMinute: number; maxRows: number }

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const MINUTE_MS = 60_000
/** How long a project's counted rows are trusted before they are counted again (other instances write too). */
const ROW_COUNT_TTL_MS = 60_000

/**
 * Each project's analytics quota: events stored per minute (counted by this instance, like the request rate
 * limit) and rows stored (counted in the database, then kept up to date in memory for a minute).
 */
export class AnalyticsQuota {
  private readonly minutes = new Map<string, { minute: number; used: number }>()
  private readonly rows = new Map<string, { stored: number; countedAt: number }>()

  constructor(
    private readonly limits: QuotaLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reserves room for up to `wanted` new events of the project: how many it may store now, and when to retry
   * the rest. Reserved at once, so concurrent requests cannot both take the last places.
   */
  async reserve(
    tx: Tx,
    projectId: string,
    wanted: number,
  ): Promise<{ admitted: number; retryAfter: number }> {
    const rows = await this.storedRows(tx, projectId)
    const now = this.now()
    const minute = Math.floor(now / MINUTE_MS)
    const window = this.minutes.get(projectId)
    const used = window?.minute === minute ? window.used : 0
    const admitted = Math.max(
      0,
      Math.min(wanted, this.limits.eventsPerMinute - used, this.limits.maxRows - rows.stored),
    )
    this.minutes.set(projectId, { minute, used: used + admitted })
    rows.stored += admitted
    return { admitted, retryAfter: Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000)) }
  }

  /** After a prune: rows are counted again on the next write. */
  forgetRows(): void {
    this.rows.clear()
  }

  private async storedRows(tx: Tx, projectId: string): Promise<{ stored: number; countedAt: number }> {
    const known = this.rows.get(projectId)
    if (known && this.now() - known.countedAt < ROW_COUNT_TTL_MS) return known
    const events = tables.analyticsEvents
    const [row] = await tx.select({ n: count() }).from(events).where(eq(events.projectId, projectId))
    const counted = { stored: row?.n ?? 0, countedAt: this.now() }
    this.rows.set(projectId, counted)
    return counted
  }
}
