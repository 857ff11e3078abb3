import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ANALYTICS_BATCH_MAX } from '@allaccess/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '../kernel/analytics/createAnalytics'
import { createAnalyticsTransport } from './createAnalyticsTransport'
import { createCloudClient } from './createCloudClient'
import { CloudHttpError, CloudResponseError } from './errors'

/** The transport against a loopback server that answers as the cloud does (apps/cloud/src/analytics). */
type Received = { method: string; path: string; query: Record<string, string>; type: string; body: unknown }

let server: Server
let baseUrl: string
let received: Received[]
let replies: Record<string, { status: number; body: unknown }>

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        type: request.headers['content-type'] ?? '',
        body: text ? JSON.parse(text) : undefined,
      })
      const reply = replies[url.pathname] ?? { status: 404, body: { message: 'Not found' } }
      response.writeHead(reply.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

beforeEach(() => {
  received = []
  replies = {
    '/getAnalyticsConfig': { status: 200, body: { isAnalyticsEnabled: true } },
    '/e': { status: 200, body: { received: 1, stored: 1, duplicates: 0, throttled: 0 } },
    '/batch': { status: 200, body: { received: 2, stored: 2, duplicates: 0, throttled: 0 } },
  }
})

const event = (n: number): AnalyticsEvent => ({
  eventId: `event-${n}`,
  url: 'https://site.test/mint',
  domain: 'site.test',
  timestamp: 1_000 + n,
  props: { type: 'track', event: 'MODAL_OPEN' },
})
const identity = { projectId: 'allaccess-local', st: 'allaccess', sv: '0.1.0' }
/** The transport as the modal gets it: from the cloud client. */
const transport = () => createCloudClient({ baseUrl, projectId: 'allaccess-local' }).analytics()
/** A transport whose beacon records what it is handed, and queues it or (`accept` false) refuses. */
const withBeacon = (beacons: { url: string; body: string }[], accept: boolean) =>
  createAnalyticsTransport({
    url: (path) => `${baseUrl}${path}?projectId=allaccess-local`,
    fetch: globalThis.fetch,
    getAnalyticsConfig: () => Promise.reject(new Error('not asked')),
    sendBeacon: (url, body) => {
      beacons.push({ url, body })
      return accept
    },
  })

describe('createAnalyticsTransport (docs/behaviour.md#analytics)', () => {
  it('sends one event to POST /e and more to POST /batch, as text/plain JSON naming the project', async () => {
    const analytics = await transport()
    expect(await analytics.send([event(1)])).toBe(200)
    expect(await analytics.send([event(2), event(3)])).toBe(200)
    expect(received).toEqual([
      { method: 'POST', path: '/e', query: identity, type: 'text/plain;charset=UTF-8', body: event(1) },
      {
        method: 'POST',
        path: '/batch',
        query: identity,
        type: 'text/plain;charset=UTF-8',
        body: [event(2), event(3)],
      },
    ])
  })

  it(`splits a longer queue into batches of ${ANALYTICS_BATCH_MAX}`, async () => {
    const events = Array.from({ length: ANALYTICS_BATCH_MAX + 3 }, (_, n) => event(n))
    await (await transport()).send(events)
    expect(received.map((request) => (request.body as unknown[]).length)).toEqual([ANALYTICS_BATCH_MAX, 3])
  })

  it("answers the cloud's status: a refusal stops the batch, an unreachable cloud is 0", async () => {
    replies['/batch'] = { status: 403, body: { message: 'Unauthorized: origin not allowed' } }
    const events = Array.from({ length: ANALYTICS_BATCH_MAX * 2 }, (_, n) => event(n))
    expect(await (await transport()).send(events)).toBe(403)
    expect(received).toHaveLength(1)
    const down = await createCloudClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p' }).analytics()
    expect(await down.send([event(1)])).toBe(0)
  })

  it("reads the project's switch with the protocol's schema; a refusal rejects with its status", async () => {
    expect(await (await transport()).isEnabled()).toBe(true)
    replies['/getAnalyticsConfig'] = { status: 200, body: { isAnalyticsEnabled: false } }
    expect(await (await transport()).isEnabled()).toBe(false)
    replies['/getAnalyticsConfig'] = { status: 200, body: { isAnalyticsEnabled: 'yes' } }
    await expect((await transport()).isEnabled()).rejects.toBeInstanceOf(CloudResponseError)
    replies['/getAnalyticsConfig'] = { status: 403, body: { message: 'Unauthorized: origin not allowed' } }
    const refused = (await transport()).isEnabled()
    await expect(refused).rejects.toBeInstanceOf(CloudHttpError)
    await expect(refused).rejects.toMatchObject({ status: 403 })
  })

  it('hands a hidden page’s batch to sendBeacon, and to a keepalive fetch when the beacon is refused', async () => {
    const beacons: { url: string; body: string }[] = []
    withBeacon(beacons, true).beacon([event(1)])
    expect(beacons).toEqual([
      { url: `${baseUrl}/e?projectId=allaccess-local`, body: JSON.stringify(event(1)) },
    ])

    const refused: { url: string; body: string }[] = []
    withBeacon(refused, false).beacon([event(2), event(3)])
    expect(refused.map((beacon) => beacon.url)).toEqual([`${baseUrl}/batch?projectId=allaccess-local`])
    // Only the refused beacon's batch reaches the cloud, by fetch: the queued beacon was never fetched too.
    await expect.poll(() => received.map((request) => request.path)).toEqual(['/batch'])
    expect(received[0]?.body).toEqual([event(2), event(3)])
  })
})
