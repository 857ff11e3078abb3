import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES } from '../projects/index.js'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { errorEvent, storedEvents, trackEvent } from '../test-support/events.js'
import * as tables from './tables.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud()
  await cloud.services.projects.create({
    id: 'quiet',
    name: 'No analytics',
    allowedOrigins: [],
    analyticsEnabled: false,
    features: DEFAULT_FEATURES,
  })
})
afterAll(() => cloud?.close())

describe('POST /e and /batch', () => {
  it('stores an event once, however often it is retried', async () => {
    const before = await storedEvents(cloud)
    const event = trackEvent()
    const first = await cloud.post(`/e?${LOCAL_QUERY}`, event)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: 1, stored: 1, duplicates: 0, throttled: 0 })
    const retry = await cloud.post(`/e?${LOCAL_QUERY}`, event)
    expect(await retry.json()).toEqual({ received: 1, stored: 0, duplicates: 1, throttled: 0 })
    expect(await storedEvents(cloud)).toBe(before + 1)
  })

  it('stores batches, counting repeats inside and across batches as duplicates', async () => {
    const before = await storedEvents(cloud)
    const [a, b] = [trackEvent(), trackEvent()]
    const response = await cloud.post(`/batch?${LOCAL_QUERY}`, [a, b, a])
    expect(await response.json()).toEqual({ received: 3, stored: 2, duplicates: 1, throttled: 0 })
    const again = await cloud.post(`/batch?${LOCAL_QUERY}`, [b, trackEvent()])
    expect(await again.json()).toEqual({ received: 2, stored: 1, duplicates: 1, throttled: 0 })
    expect(await storedEvents(cloud)).toBe(before + 3)
  })

  it('accepts sendBeacon-style text/plain JSON', async () => {
    const response = await cloud.post(`/e?${LOCAL_QUERY}`, trackEvent(), {
      headers: { 'content-type': 'text/plain' },
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { stored: number }).stored).toBe(1)
  })

  it('limits error reports to 5 per 60 s per client, also within a batch', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await cloud.post(`/e?${LOCAL_QUERY}`, errorEvent())).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const refused = await cloud.post(`/e?${LOCAL_QUERY}`, errorEvent())
    expect(refused.status).toBe(429)
    expect(await messageOf(refused)).toMatch(/^Please try again after \d+ seconds$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const mixed = await cloud.post(`/batch?${LOCAL_QUERY}`, [errorEvent(), trackEvent()])
    expect(await mixed.json()).toEqual({ received: 2, stored: 1, duplicates: 0, throttled: 1 })
  })

  it('holds the error limit under concurrent reports', async () => {
    await cloud.services.projects.create({
      id: 'burst',
      name: 'Burst',
      allowedOrigins: [],
      analyticsEnabled: true,
      features: DEFAULT_FEATURES,
    })
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await cloud.post('/e?projectId=burst', errorEvent())).status),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
  })

  it('counts error reports in any casing of the type against the limit', async () => {
    await cloud.services.projects.create({
      id: 'casing',
      name: 'Casing',
      allowedOrigins: [],
      analyticsEnabled: true,
      features: DEFAULT_FEATURES,
    })
    const statuses: number[] = []
    for (const type of ['Error', 'ERROR', 'eRrOr', 'error', 'ErroR', 'ERROR']) {
      const report = trackEvent({ type, event: 'INTERNAL_SDK_ERROR', properties: {} })
      statuses.push((await cloud.post('/e?projectId=casing', report)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('accepts ISO-8601 timestamps as well as epoch milliseconds', async () => {
    const iso = { ...trackEvent(), timestamp: '2026-11-24T07:00:00.123Z' }
    const offset = { ...trackEvent(), timestamp: '2026-11-24T09:00:00+02:00' }
    const response = await cloud.post(`/batch?${LOCAL_QUERY}`, [iso, offset])
    expect(await response.json()).toEqual({ received: 2, stored: 2, duplicates: 0, throttled: 0 })
    const rows = await cloud.services.database.db
      .select({ timestamp: tables.analyticsEvents.timestamp })
      .from(tables.analyticsEvents)
      .where(inArray(tables.analyticsEvents.eventId, [iso.eventId, offset.eventId]))
    expect(rows.map((row) => row.timestamp).sort()).toEqual([1795503600000, 1795503600123])
    for (const timestamp of ['yesterday', '2026-13-01T00:00:00Z', '1969-12-31T23:59:59Z', ''])
      expect((await cloud.post(`/e?${LOCAL_QUERY}`, { ...trackEvent(), timestamp })).status, timestamp).toBe(
        400,
      )
  })

  it('stores nothing for a project with analytics off', async () => {
    const before = await storedEvents(cloud)
    const response = await cloud.post('/batch?projectId=quiet', [trackEvent(), errorEvent()])
    expect(await response.json()).toEqual({ received: 2, stored: 0, duplicates: 0, throttled: 0 })
    expect(await storedEvents(cloud)).toBe(before)
  })

  it('rejects invalid events whole, storing nothing', async () => {
    const before = await storedEvents(cloud)
    const bad = [
      { ...trackEvent(), eventId: '' },
      { ...trackEvent(), timestamp: -1 },
      { ...trackEvent(), timestamp: 1.5 },
      { ...trackEvent(), props: 'text' },
      { ...trackEvent(), props: { note: 'nul\u0000byte' } },
      { ...trackEvent(), url: '\ud800' },
      { ...trackEvent(), domain: undefined },
    ]
    for (const event of bad) {
      const single = await cloud.post(`/e?${LOCAL_QUERY}`, event)
      expect(single.status, JSON.stringify(event)).toBe(400)
      const batch = await cloud.post(`/batch?${LOCAL_QUERY}`, [trackEvent(), event])
      expect(batch.status).toBe(400)
    }
    expect((await cloud.post(`/batch?${LOCAL_QUERY}`, [])).status).toBe(400)
    expect((await cloud.post(`/e?${LOCAL_QUERY}`, '{"eventId":')).status).toBe(400)
    expect((await cloud.post('/e?projectId=nope', trackEvent())).status).toBe(401)
    expect(await storedEvents(cloud)).toBe(before)
  })
})
