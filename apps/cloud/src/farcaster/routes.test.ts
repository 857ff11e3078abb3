import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import {
  DEVNET_FARCASTER_RELAY_KEY,
  ERROR_CODES,
  FARCASTER_RELAY_KEY_HEADER,
  FARCASTER_TEXTS,
} from '@allaccess/protocol'
import { createFarcasterClient, registerFarcasterUser } from '@allaccess/testkit/farcaster'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badBodies, badQueries, expectCleanRefusal } from '../test-support/bad-input.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { CHANNELS_PER_CLIENT } from './limits.js'

const SITE = { siweUri: 'https://site.example/login', domain: 'site.example' }
/** An address without the registry: custody cannot be read there. */
const NO_REGISTRY = '0x000000000000000000000000000000000000dEaD'

let anvil: AnvilInstance
let cloud: TestCloud

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startTestCloud({
    RPC_UPSTREAM_31337: anvil.rpcUrl,
    CLOUD_RATE_LIMIT_MAX: '100000',
    FARCASTER_ID_REGISTRY: `eip155:31337:${NO_REGISTRY}`,
    FARCASTER_CONNECT_URL: 'https://connect.example/siwf',
  })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

type Created = { channelToken: string; url: string; connectUri: string; nonce: string }

async function open(body: object = SITE, headers: Record<string, string> = {}): Promise<Created> {
  const response = await cloud.post('/v1/channel', body, { headers })
  expect(response.status).toBe(201)
  return (await response.json()) as Created
}

const statusOf = (token: string) =>
  cloud.get('/v1/channel/status', { headers: { authorization: `Bearer ${token}` } })

describe('the Farcaster relay over HTTP', () => {
  it('gives the Farcaster app a link with everything it signs, and answers pending until then', async () => {
    const channel = await open({
      ...SITE,
      nonce: 'abcdef0123456789',
      requestId: 'r-1',
      expirationTime: '2099-01-01T00:00:00.000Z',
      acceptAuthAddress: true,
    })
    expect(channel.nonce).toBe('abcdef0123456789')
    expect(channel.connectUri).toBe(channel.url)
    const url = new URL(channel.url)
    expect(`${url.origin}${url.pathname}`).toBe('https://connect.example/siwf')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      channelToken: channel.channelToken,
      ...SITE,
      nonce: 'abcdef0123456789',
      requestId: 'r-1',
      expirationTime: '2099-01-01T00:00:00.000Z',
    })
    const status = await statusOf(channel.channelToken)
    expect(status.status).toBe(202)
    expect(await status.json()).toEqual({
      state: 'pending',
      nonce: 'abcdef0123456789',
      url: channel.url,
      signatureParams: {
        ...SITE,
        nonce: 'abcdef0123456789',
        requestId: 'r-1',
        expirationTime: '2099-01-01T00:00:00.000Z',
      },
    })
  })

  it('serves browsers of any origin (the relay has no project)', async () => {
    const origin = 'https://any-site.example'
    const preflight = await cloud.get('/v1/channel', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
    const created = await cloud.post('/v1/channel', SITE, { headers: { origin } })
    expect(created.headers.get('access-control-allow-origin')).toBe(origin)
    const { channelToken } = (await created.json()) as Created
    const status = await cloud.get('/v1/channel/status', {
      headers: { origin, authorization: `Bearer ${channelToken}` },
    })
    expect(status.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('answers bad input with 400 { code, message } and unknown tokens with 401', async () => {
    for (const body of [
      {},
      { domain: SITE.domain },
      { ...SITE, siweUri: 'javascript:alert(1)' },
      { ...SITE, domain: 'a b' },
      { ...SITE, nonce: 'short' },
      { ...SITE, nonce: 'not-alphanumeric!' },
      { ...SITE, notBefore: 'tomorrow' },
      { ...SITE, redirectUrl: 'ftp://x' },
      [SITE],
    ]) {
      const response = await cloud.post('/v1/channel', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys((await response.json()) as object).sort()).toEqual(['code', 'message'])
    }
    const unknown = { code: ERROR_CODES.farcasterChannelUnknown, message: FARCASTER_TEXTS.channelUnknown }
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${'a'.repeat(43)}`]) {
      const response = await cloud.get('/v1/channel/status', {
        headers: authorization ? { authorization } : {},
      })
      expect([response.status, await response.json()]).toEqual([401, unknown])
    }
    const { channelToken } = await open()
    for (const body of [
      {},
      { message: 'x', signature: '0x12', fid: 0 },
      { message: 'x', signature: 'nothex', fid: 1 },
      { message: 'x'.repeat(5000), signature: '0x12', fid: 1 },
      { message: 'x', signature: '0x12', fid: 1, pfpUrl: 'data:x' },
    ]) {
      const response = await cloud.post('/v1/channel/authenticate', body, {
        headers: { authorization: `Bearer ${channelToken}` },
      })
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('keeps at most CHANNELS_PER_CLIENT channels per client: a new one ends its oldest', async () => {
    const channels: Created[] = []
    for (let i = 0; i <= CHANNELS_PER_CLIENT; i++) channels.push(await open())
    expect((await statusOf((channels[0] as Created).channelToken)).status).toBe(401)
    for (const channel of channels.slice(1)) expect((await statusOf(channel.channelToken)).status).toBe(202)
  })

  it('leaves the channel pending when the ID registry cannot be read (503): no verdict without it', async () => {
    const user = await registerFarcasterUser(anvil.rpcUrl, { username: 'carol' })
    const channel = await open()
    const answer = await createFarcasterClient({ relay: cloud.url, user }).approve(channel.url)
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ code: ERROR_CODES.upstreamUnavailable })
    expect((await statusOf(channel.channelToken)).status).toBe(202)
  })

  it('answers bad input on the relay routes with a clear 4xx, never a 5xx: nesting, wrong types, odd queries', async () => {
    const { channelToken } = await open()
    const headers = {
      authorization: `Bearer ${channelToken}`,
      [FARCASTER_RELAY_KEY_HEADER]: DEVNET_FARCASTER_RELAY_KEY,
    }
    const approval = { message: 'x', signature: '0x12', fid: 1, username: 'alice', displayName: 'A' }
    for (const [what, body] of badBodies(approval)) {
      const response = await cloud.post('/v1/channel/authenticate', body, { headers })
      await expectCleanRefusal(response, `authenticate: ${what}`)
    }
    for (const [what, body] of badBodies(SITE))
      await expectCleanRefusal(await cloud.post('/v1/channel', body), `channel: ${what}`)
    for (const query of badQueries('')) {
      await expectCleanRefusal(await cloud.get(`/v1/channel/status?${query}`, { headers }), `status?${query}`)
      const authenticate = await cloud.post(`/v1/channel/authenticate?${query}`, approval, { headers })
      await expectCleanRefusal(authenticate, `authenticate?${query.slice(0, 40)}`)
    }
    // None of it ended the channel.
    expect((await statusOf(channelToken)).status).toBe(202)
  })
})
