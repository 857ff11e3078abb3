import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES } from '../projects/index.js'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { errorEvent, trackEvent } from '../test-support/events.js'
import { adminTokenMatches } from './token.js'

let cloud: TestCloud
let auth: { authorization: string }

beforeAll(async () => {
  cloud = await startTestCloud()
  auth = { authorization: `Bearer ${cloud.adminToken}` }
})
afterAll(() => cloud?.close())

const shop = {
  id: 'shop',
  name: 'Shop',
  allowedOrigins: ['https://shop.example'],
  analyticsEnabled: false,
  features: DEFAULT_FEATURES,
}

describe('admin API', () => {
  it('refuses every call without the admin token, with one text', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${cloud.adminToken}x` },
      { authorization: cloud.adminToken },
    ]
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', '/admin/v1/projects'],
        ['DELETE', '/admin/v1/projects/allaccess-local'],
      ] as const) {
        const response = await cloud.get(path, { method, headers })
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401)
        expect(await messageOf(response)).toBe('Unauthorized: invalid admin token')
      }
    }
    expect((await cloud.get('/getAnalyticsConfig?projectId=allaccess-local')).status).toBe(200)
  })

  it('lists, adds, replaces and removes projects, which the services then serve', async () => {
    const listed = (await (await cloud.get('/admin/v1/projects', { headers: auth })).json()) as {
      id: string
    }[]
    expect(listed.map((p) => p.id)).toEqual(['allaccess-local'])

    const added = await cloud.post('/admin/v1/projects', shop, { headers: auth })
    expect(added.status).toBe(201)
    expect(await added.json()).toEqual(shop)
    expect((await cloud.post('/admin/v1/projects', shop, { headers: auth })).status).toBe(409)

    const { id: _, ...fields } = shop
    const replaced = await cloud.get('/admin/v1/projects/shop', {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, analyticsEnabled: true }),
    })
    expect(replaced.status).toBe(200)
    expect(await (await cloud.get('/getAnalyticsConfig?projectId=shop')).json()).toEqual({
      isAnalyticsEnabled: true,
    })

    expect((await cloud.get('/admin/v1/projects/shop', { method: 'DELETE', headers: auth })).status).toBe(204)
    const gone = await cloud.get('/admin/v1/projects/shop', { headers: auth })
    expect(gone.status).toBe(404)
    expect(await messageOf(gone)).toBe('No project with id "shop"')
    expect((await cloud.get('/getAnalyticsConfig?projectId=shop')).status).toBe(401)
  })

  it('answers bad input with 400', async () => {
    const bad = await cloud.post(
      '/admin/v1/projects',
      { ...shop, allowedOrigins: ['ftp://x'] },
      { headers: auth },
    )
    expect(bad.status).toBe(400)
    expect((await cloud.get('/admin/v1/projects/a%20b', { headers: auth })).status).toBe(400)
  })

  it("reads a project's stored analytics events, newest first, and 404 for an unknown project", async () => {
    const [older, newer] = [trackEvent(), errorEvent()]
    expect((await cloud.post(`/e?${LOCAL_QUERY}`, older)).status).toBe(200)
    expect((await cloud.post(`/e?${LOCAL_QUERY}`, newer)).status).toBe(200)
    const read = await cloud.get('/admin/v1/projects/allaccess-local/events?limit=2', { headers: auth })
    expect(read.status).toBe(200)
    const events = (await read.json()) as Record<string, unknown>[]
    expect(events.map(({ receivedAt: _, ...event }) => event)).toEqual([
      { ...newer, isError: true },
      { ...older, isError: false },
    ])
    expect(Date.parse(String(events[0]?.receivedAt))).toBeGreaterThan(0)
    expect((await cloud.get('/admin/v1/projects/nope/events', { headers: auth })).status).toBe(404)
    expect(
      (await cloud.get('/admin/v1/projects/allaccess-local/events?limit=0', { headers: auth })).status,
    ).toBe(400)
    expect((await cloud.get('/admin/v1/projects/allaccess-local/events')).status).toBe(401)
  })

  it('compares tokens whatever their length', () => {
    expect(adminTokenMatches('a'.repeat(43), 'a'.repeat(43))).toBe(true)
    expect(adminTokenMatches('a'.repeat(43), 'a')).toBe(false)
    expect(adminTokenMatches('a'.repeat(43), '')).toBe(false)
  })
})
