import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES } from '../projects/index.js'
import { messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { trackEvent } from '../test-support/events.js'
import * as tables from './tables.js'

let cloud: TestCloud
const events = tables.analyticsEvents

beforeAll(async () => {
  cloud = await startTestCloud({
    ANALYTICS_EVENTS_PER_MINUTE: '3',
    ANALYTICS_MAX_ROWS: '5',
    ANALYTICS_RETENTION_DAYS: '1',
    ANALYTICS_PRUNE_INTERVAL_MS: '1000',
  })
  for (const id of ['rate', 'rows', 'old'])
    await cloud.services.projects.create({
      id,
      name: id,
      allowedOrigins: [],
      analyticsEnabled: true,
      features: DEFAULT_FEATURES,
    })
})
afterAll(() => cloud?.close())

const storedFor = async (projectId: string) =>
  (
    await cloud.services.database.db
      .select({ eventId: events.eventId })
      .from(events)
      .where(eq(events.projectId, projectId))
  ).length

describe('analytics quota and retention', () => {
  it('stores at most the events per minute of a project, then answers 429', async () => {
    const batch = await cloud.post(
      '/batch?projectId=rate',
      Array.from({ length: 5 }, () => trackEvent()),
    )
    expect(await batch.json()).toEqual({ received: 5, stored: 3, duplicates: 0, throttled: 2 })
    const single = await cloud.post('/e?projectId=rate', trackEvent())
    expect(single.status).toBe(429)
    expect(await messageOf(single)).toMatch(/^Please try again after \d+ seconds$/)
    expect(Number(single.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(await storedFor('rate')).toBe(3)
  })

  it('stores at most the rows of a project', async () => {
    await cloud.services.database.db.insert(events).values(
      Array.from({ length: 4 }, () => ({
        ...trackEvent(),
        projectId: 'rows',
        isError: false,
        clientKey: 'rows|seeded',
      })),
    )
    const batch = await cloud.post('/batch?projectId=rows', [trackEvent(), trackEvent(), trackEvent()])
    expect(await batch.json()).toEqual({ received: 3, stored: 1, duplicates: 0, throttled: 2 })
    expect(await storedFor('rows')).toBe(5)
  })

  it('prunes events older than the retention period while running', async () => {
    const [old, recent] = [trackEvent(), trackEvent()]
    expect((await cloud.post('/batch?projectId=old', [old, recent])).status).toBe(200)
    await cloud.services.database.db
      .update(events)
      .set({ receivedAt: sql`now() - interval '2 days'` })
      .where(and(eq(events.projectId, 'old'), eq(events.eventId, old.eventId)))
    await expect.poll(() => storedFor('old'), { timeout: 15_000, interval: 250 }).toBe(1)
    const [left] = await cloud.services.database.db
      .select({ eventId: events.eventId })
      .from(events)
      .where(eq(events.projectId, 'old'))
    expect(left?.eventId).toBe(recent.eventId)
  })
})
