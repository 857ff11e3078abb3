import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { rawRequest } from '../test-support/raw-http.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud()
})
afterAll(() => cloud?.close())

describe('HTTP shell', () => {
  it('serves health and the OpenAPI document of every route', async () => {
    expect(await (await cloud.get('/healthz')).json()).toEqual({ status: 'ok' })
    const docs = await cloud.get('/docs')
    expect(docs.status).toBeLessThan(400)
    expect(await (await cloud.get('/docs/static/index.html')).text()).toContain('swagger')
    const spec = (await (await cloud.get('/docs/json')).json()) as {
      openapi: string
      paths: Record<string, unknown>
    }
    expect(spec.openapi).toMatch(/^3\./)
    expect(Object.keys(spec.paths).sort()).toEqual(
      [
        '/appkit/v1/config',
        '/batch',
        '/e',
        '/getAnalyticsConfig',
        '/getWalletImage/{id}',
        '/getWallets',
        '/healthz',
        '/projects/v1/origins',
        '/public/getAssetImage/{id}',
        '/public/getCurrencyImage/{id}',
        '/public/getTokenImage/{id}',
        '/v1/',
        '/v1/supported-chains',
        '/verify/attestation/{id}',
        '/verify/v3/attestation',
        '/verify/v3/public-key',
        '/v3/attestation',
        '/v3/public-key',
        '/appkit/v1/project-limits',
        '/v1/account/{address}/history',
        '/v1/account/{address}/balance',
        '/v1/account/{address}/nfts',
        '/v1/bundler',
        '/v1/paymaster',
        '/v1/fungible/price',
        '/v1/convert/tokens',
        '/v1/convert/quotes',
        '/v1/convert/allowance',
        '/v1/convert/gas-price',
        '/v1/convert/build-approve',
        '/v1/convert/build-transaction',
        '/public/getNftImage/{id}',
        '/v1/identity/{address}',
        '/admin/v1/projects',
        '/admin/v1/projects/{id}',
        '/admin/v1/projects/{id}/events',
        '/admin/v1/projects/{id}/sponsorship',
        '/admin/v1/projects/{id}/sponsorships',
        '/v1/embedded/device/enrolment',
        '/v1/embedded/device/enrolment/recover',
        '/v1/embedded/device/enrolments',
        '/v1/embedded/device/enrolments/answer',
        '/v1/embedded/email/connect',
        '/v1/embedded/device/approve',
        '/v1/embedded/device/wait',
        '/v1/embedded/email/verify',
        '/v1/embedded/session',
        '/v1/embedded/session/revoke',
        '/v1/embedded/session/revoke-all',
        '/v1/embedded/shares',
        '/v1/embedded/shares/enrol',
        '/v1/embedded/email/update',
        '/v1/embedded/email/update/verify-primary',
        '/v1/embedded/email/update/verify-secondary',
        '/v1/embedded/reauth',
        '/v1/embedded/reauth/verify',
        '/v1/faucet',
        '/auth/v1/siwx/message',
        '/auth/v1/siwx/sessions',
        '/auth/v1/siwx/sessions/{id}',
        '/holders/v1/area',
        '/v1/profile/account/{name}',
        '/v1/profile/reverse/{address}',
        '/v1/profile/suggestions/{name}',
        '/v1/profile/account',
        '/v1/profile/ccip/{*}',
        '/v1/profile/ccip',
        '/v1/channel',
        '/v1/channel/status',
        '/v1/channel/authenticate',
        '/v1/embedded/social/start',
        '/v1/embedded/social/callback',
        '/v1/embedded/social/result',
        '/v1/embedded/farcaster/start',
        '/v1/embedded/farcaster/result',
        '/v1/embedded/reauth/social',
        '/v1/embedded/reauth/social/result',
        '/v1/embedded/reauth/farcaster',
        '/v1/embedded/reauth/farcaster/result',
        '/v1/onramp/options',
        '/v1/onramp/quote',
        '/v1/generators/onrampurl',
        '/v1/onramp/orders/{id}',
        '/onramp/sandbox/checkout',
        '/onramp/sandbox/checkout/confirm',
        '/mailbox',
        '/mailbox/messages',
      ].sort(),
    )
  })

  it('answers 404 { message } for unknown paths and 415 for unknown body types', async () => {
    const missing = await cloud.get('/nope')
    expect(missing.status).toBe(404)
    expect(await messageOf(missing)).toBe('Not found')
    const xml = await cloud.post(`/e?${LOCAL_QUERY}`, '<e/>', {
      headers: { 'content-type': 'application/xml' },
    })
    expect(xml.status).toBe(415)
    expect(await xml.json()).toMatchObject({ code: 'unsupported_media_type' })
  })

  it('answers framework-level failures with 4xx { code, message }, never a 5xx', async () => {
    const port = Number(new URL(cloud.url).port)
    const expectAnswer = async (head: string, body: string, status: number, code: string) => {
      const answer = await rawRequest(port, head, body)
      expect(answer.status, head.slice(0, 60)).toBe(status)
      expect((JSON.parse(answer.body) as { code: string }).code, head.slice(0, 60)).toBe(code)
    }
    await expectAnswer('GET /relay?auth=a&auth=b HTTP/1.1', '', 400, 'bad_request')
    await expectAnswer(`GET /relay?auth=${'a'.repeat(5000)} HTTP/1.1`, '', 400, 'bad_request')
    await expectAnswer('GET /getWalletImage/%80 HTTP/1.1', '', 400, 'bad_request')
    await expectAnswer(`GET /healthz HTTP/1.1\r\nx-big: ${'a'.repeat(20_000)}`, '', 431, 'headers_too_large')
    await expectAnswer('FOO /healthz HTTP/1.1', '', 400, 'bad_request')
    const deep = `{"eventId":"a","url":"u","domain":"d","timestamp":1,"props":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`
    await expectAnswer(
      `POST /e?${LOCAL_QUERY} HTTP/1.1\r\ncontent-type: application/json`,
      deep,
      400,
      'bad_request',
    )
    const preflight = await cloud.get(`/getWallets?${LOCAL_QUERY}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(403)
    expect(await preflight.json()).toEqual({
      code: 'origin_not_allowed',
      message: 'Unauthorized: origin not allowed',
    })
  })

  it('rate-limits with 429, the spec text and Retry-After, readable by the browser', async () => {
    const limitedCloud = await startTestCloud({
      CLOUD_RATE_LIMIT_MAX: '5',
      CLOUD_RATE_LIMIT_WINDOW_MS: '60000',
    })
    try {
      await expectRateLimit(limitedCloud)
    } finally {
      await limitedCloud.close()
    }
  })
})

async function expectRateLimit(cloud: TestCloud): Promise<void> {
  const origin = { headers: { origin: 'http://localhost:5173' } }
  const statuses: number[] = []
  for (let i = 0; i < 7; i++)
    statuses.push((await cloud.get(`/getAnalyticsConfig?${LOCAL_QUERY}`, origin)).status)
  expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200])
  expect(statuses.at(-1)).toBe(429)
  const limited = await cloud.get(`/getAnalyticsConfig?${LOCAL_QUERY}`, origin)
  expect(limited.status).toBe(429)
  expect(await messageOf(limited)).toMatch(/^Please try again after \d+ seconds$/)
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(limited.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  // Health checks stay outside the limit.
  expect((await cloud.get('/healthz')).status).toBe(200)
}
