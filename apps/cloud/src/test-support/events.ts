import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { analyticsEvents } from '../analytics/tables.js'
import type { TestCloud } from './cloud.js'

export function trackEvent(
  props: Record<string, unknown> = { type: 'track', event: 'MODAL_OPEN', properties: {} },
) {
  return {
    eventId: randomUUID(),
    url: 'http://localhost:5173/',
    domain: 'localhost',
    timestamp: Date.now(),
    props,
  }
}

export const errorEvent = () =>
  trackEvent({ type: 'error', event: 'INTERNAL_SDK_ERROR', properties: { errorMessage: 'boom' } })

export async function storedEvents(cloud: TestCloud): Promise<number> {
  const [row] = await cloud.services.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyticsEvents)
  return row?.n ?? 0
}
