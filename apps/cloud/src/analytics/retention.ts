import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import * as tables from './tables.js'

export type RetentionOptions = { retentionDays: number; pruneIntervalMs: number }

/** Rows deleted per statement: a large backlog is pruned in short statements, not one long lock. */
const PRUNE_BATCH = 10_000

const events = tables.analyticsEvents

/** Deletes events received longer ago than the retention period; returns how many. */
export async function pruneEvents(db: Db, retentionDays: number): Promise<number> {
  let deleted = 0
  for (;;) {
    const batch = await db
      .delete(events)
      .where(
        sql`ctid in (select ctid from ${events}
          where ${events.receivedAt} < now() - make_interval(days => ${retentionDays}) limit ${PRUNE_BATCH})`,
      )
      .returning({ eventId: events.eventId })
    const count = batch.length
    deleted += count
    if (count < PRUNE_BATCH) return deleted
  }
}

/**
 * Prunes at start and then every `pruneIntervalMs`, one run at a time (a slow run delays the next, never
 * overlaps it). The timer does not keep the process alive; `stop()` clears it and waits for a run in flight.
 */
export function startPruning(
  db: Db,
  { retentionDays, pruneIntervalMs }: RetentionOptions,
  log: FastifyBaseLogger,
  onPruned: (deleted: number) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const run = () => {
    running = pruneEvents(db, retentionDays).then(onPruned, (error: unknown) => {
      log.warn({ err: error }, 'analytics pruning failed')
    })
    running.then(schedule)
  }
  const schedule = () => {
    if (!stopped) timer = setTimeout(run, pruneIntervalMs).unref()
  }
  run()
  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
