import { REFUSAL_TEXTS } from '@allaccess/protocol'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { DEFAULT_FEATURES, LOCAL_PROJECT } from './schema.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud()
  await cloud.services.projects.create({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://*.shop.example'],
    analyticsEnabled: false,
    features: DEFAULT_FEATURES,
  })
})
afterAll(() => cloud?.close())

describe('project routes', () => {
  it('answers the seeded local project', async () => {
    const origins = await cloud.get(`/projects/v1/origins?${LOCAL_QUERY}`)
    expect(origins.status).toBe(200)
    expect(await origins.json()).toEqual({
      allowedOrigins: [
        'http://site.allaccess.localhost:5173',
        'http://localhost:5173',
        'http://127.0.0.1:5173',
      ],
    })

    const config = (await (await cloud.get(`/appkit/v1/config?${LOCAL_QUERY}`)).json()) as {
      features: { id: string }[]
    }
    expect(config).toEqual({ features: LOCAL_PROJECT.features })
    expect(config.features.find((f) => f.id === 'multi_wallet')).toEqual({
      id: 'multi_wallet',
      isEnabled: true,
      config: null,
    })
    expect(await (await cloud.get(`/getAnalyticsConfig?${LOCAL_QUERY}`)).json()).toEqual({
      isAnalyticsEnabled: true,
    })
  })

  it('takes the project id and sdk fields from headers too', async () => {
    const response = await cloud.get('/getAnalyticsConfig', {
      headers: { 'x-project-id': 'shop', 'x-sdk-type': 'appkit', 'x-sdk-version': 'react-1.0.0' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ isAnalyticsEnabled: false })
  })

  it('serves swaps, the on-ramp and social login only to a project that has them switched on', async () => {
    const off = new Set(['swap', 'onramp', 'social_login'])
    await cloud.services.projects.create({
      id: 'plain',
      name: 'Plain',
      allowedOrigins: ['https://plain.example'],
      analyticsEnabled: false,
      features: DEFAULT_FEATURES.map((feature) => ({
        ...feature,
        isEnabled: !off.has(feature.id) && feature.isEnabled,
      })),
    })
    const refused = { code: 'feature_off', message: REFUSAL_TEXTS.featureOff }
    for (const [method, path, body] of [
      ['GET', '/v1/convert/tokens?chainId=31337', undefined],
      ['GET', '/v1/onramp/options', undefined],
      [
        'POST',
        '/v1/embedded/social/start',
        { provider: 'google', deviceId: 'd'.repeat(32), hostOrigin: 'https://plain.example' },
      ],
    ] as const) {
      const url = `${path}${path.includes('?') ? '&' : '?'}projectId=plain`
      const response = method === 'GET' ? await cloud.get(url) : await cloud.post(url, body)
      expect(response.status, path).toBe(403)
      expect(await response.json(), path).toEqual(refused)
    }
    // The same routes, for a project with the switches on, are not refused for it.
    const onramp = await cloud.get(`/v1/onramp/options?${LOCAL_QUERY}`)
    expect(onramp.status).toBe(200)
  })

  it('refuses unknown and missing keys with the exact text', async () => {
    for (const path of [
      '/projects/v1/origins?projectId=nope',
      '/appkit/v1/config',
      '/getAnalyticsConfig?projectId=%00',
      '/getWallets?projectId=',
    ]) {
      const response = await cloud.get(path)
      expect(response.status, path).toBe(401)
      expect(await response.json()).toEqual({ code: 'invalid_key', message: 'Unauthorized: invalid key' })
    }
  })

  it('refuses origins outside the allowlist, admits wildcards and loopback', async () => {
    const refused = await cloud.get('/appkit/v1/config?projectId=shop', {
      headers: { origin: 'https://evil.example' },
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      code: 'origin_not_allowed',
      message: 'Unauthorized: origin not allowed',
    })
    // The browser may read the refusal (the modal shows "Origin Not Allowed"), nothing else.
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.example')

    for (const origin of ['https://app.shop.example', 'http://localhost:3000', 'http://127.0.0.1:8080']) {
      const ok = await cloud.get('/appkit/v1/config?projectId=shop', { headers: { origin } })
      expect(ok.status, origin).toBe(200)
      expect(ok.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })

  it('gives the origin list to any origin, readable, for the client to decide', async () => {
    const outside = await cloud.get('/projects/v1/origins?projectId=shop&st=appkit&sv=html-wagmi-1.8.19', {
      headers: { origin: 'https://evil.example' },
    })
    expect(outside.status).toBe(200)
    expect(await outside.json()).toEqual({ allowedOrigins: ['https://*.shop.example'] })
    expect(outside.headers.get('access-control-allow-origin')).toBe('https://evil.example')
    // The services that act still refuse that origin.
    const config = await cloud.get('/appkit/v1/config?projectId=shop', {
      headers: { origin: 'https://evil.example' },
    })
    expect(config.status).toBe(403)

    const unknown = await cloud.get('/projects/v1/origins?projectId=nope', {
      headers: { origin: 'https://evil.example' },
    })
    expect(unknown.status).toBe(401)
    expect(await messageOf(unknown)).toBe('Unauthorized: invalid key')
  })

  it('keeps the semantics of the origin fetch (apps/cloud/README.md#routes): 429 when throttled, 5xx when the store fails (never an empty list)', async () => {
    const throttled = await startTestCloud({ CLOUD_RATE_LIMIT_MAX: '2' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i++)
        statuses.push((await throttled.get(`/projects/v1/origins?${LOCAL_QUERY}`)).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await throttled.close()
    }
    // A database outage, short of stopping the server's database under it.
    const find = vi.spyOn(cloud.services.projects, 'find').mockRejectedValueOnce(new Error('database down'))
    try {
      const failed = await cloud.get(`/projects/v1/origins?${LOCAL_QUERY}`)
      expect(failed.status).toBeGreaterThanOrEqual(500)
    } finally {
      find.mockRestore()
    }
  })

  it('answers the plan limits the AppKit client reads: no plan, no limit', async () => {
    const response = await cloud.get(`/appkit/v1/project-limits?${LOCAL_QUERY}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      planLimits: { tier: 'none', isAboveMauLimit: false, isAboveRpcLimit: false },
    })
    expect((await cloud.get('/appkit/v1/project-limits?projectId=nope')).status).toBe(401)
  })

  it('answers CORS pre-flights from the allowlist', async () => {
    const preflight = (origin: string, query: string) =>
      cloud.get(`/appkit/v1/config${query}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-project-id',
        },
      })
    const allowed = await preflight('https://app.shop.example', '?projectId=shop')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.shop.example')
    expect(allowed.headers.get('access-control-allow-headers')).toContain('x-project-id')
    // The embedded wallet's frame sends its session token and stores its shares with PUT.
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization')
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT')

    // A refused pre-flight fails in the browser whatever its headers: a 403 with the refusal's text.
    const wrongProject = await preflight('https://app.shop.example', `?${LOCAL_QUERY}`)
    expect(wrongProject.status).toBe(403)
    expect(await messageOf(wrongProject)).toBe('Unauthorized: origin not allowed')
    expect(wrongProject.headers.get('access-control-allow-origin')).toBeNull()

    // No project named (it travels in a header): any project's allowlist decides.
    expect((await preflight('https://app.shop.example', '')).headers.get('access-control-allow-origin')).toBe(
      'https://app.shop.example',
    )
    expect((await preflight('https://evil.example', '')).status).toBe(403)
  })

  it('shows project edits', async () => {
    await cloud.services.projects.update('shop', {
      analyticsEnabled: true,
      features: [{ id: 'swap', isEnabled: false, config: null }],
    })
    expect(await (await cloud.get('/getAnalyticsConfig?projectId=shop')).json()).toEqual({
      isAnalyticsEnabled: true,
    })
    expect(await (await cloud.get('/appkit/v1/config?projectId=shop')).json()).toEqual({
      features: [{ id: 'swap', isEnabled: false, config: null }],
    })
  })
})
