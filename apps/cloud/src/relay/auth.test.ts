import { generateKeyPair } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { verifyClientToken } from './auth.js'
import { RelayAuthError } from './errors.js'
import { MAX_TOKEN_LIFETIME_SECONDS } from './limits.js'
import { addTestProject, clientToken, RawClient, relayUrlOf } from './test-support.js'

const now = () => Math.floor(Date.now() / 1000)
/** The exact text the modal turns into its Session Expired alert. */
const NOT_YET_VALID = 'JWT validation error: JWT Token is not yet valid'
const RELAY = 'ws://127.0.0.1:8787/relay'
const check = () => ({ nowSeconds: now(), audience: RELAY })

/** The same claims, signed by another key: a forgery. */
async function forged(audience = RELAY): Promise<string> {
  const victim = (await clientToken(audience)).split('.')
  const forger = (await clientToken(audience)).split('.')
  return [victim[0], victim[1], forger[2]].join('.')
}

describe('verifyClientToken', () => {
  it('returns the client id (iss) of a valid token', async () => {
    const keyPair = generateKeyPair()
    const [first, second] = [
      await clientToken(RELAY, { keyPair }),
      await clientToken(`${RELAY}/`, { keyPair }),
    ]
    const id = await verifyClientToken(first, check())
    expect(id).toMatch(/^did:key:z/)
    expect(await verifyClientToken(second, check())).toBe(id)
  })

  it('refuses missing, malformed, forged, expired and future tokens', async () => {
    const refusal = (token: string | undefined) => verifyClientToken(token, check())
    await expect(refusal(undefined)).rejects.toThrow(new RelayAuthError('Missing auth token'))
    await expect(refusal('a.b.c')).rejects.toThrow('Malformed auth token')
    await expect(refusal('x'.repeat(50))).rejects.toThrow('Malformed auth token')
    await expect(refusal(await forged())).rejects.toThrow('Invalid auth token signature')
    const expired = await clientToken(RELAY, { ttlSeconds: 60, iat: now() - 120 })
    await expect(refusal(expired)).rejects.toThrow('Auth token expired')
    const future = await clientToken(RELAY, { iat: now() + 3600 })
    await expect(refusal(future)).rejects.toThrow(new RelayAuthError(NOT_YET_VALID))
  })

  it('refuses a token for another relay and one that lives longer than a day', async () => {
    const elsewhere = await clientToken('wss://relay.walletconnect.org')
    await expect(verifyClientToken(elsewhere, check())).rejects.toThrow(
      'Auth token audience is not this relay',
    )
    const forever = await clientToken(RELAY, { ttlSeconds: 100 * 365 * 86_400 })
    await expect(verifyClientToken(forever, check())).rejects.toThrow(
      `Auth token lifetime over ${MAX_TOKEN_LIFETIME_SECONDS} seconds`,
    )
    const oneDay = await clientToken(RELAY, { ttlSeconds: MAX_TOKEN_LIFETIME_SECONDS })
    expect(await verifyClientToken(oneDay, check())).toMatch(/^did:key:z/)
  })
})

describe('relay upgrade', () => {
  let cloud: TestCloud
  let url: string
  beforeAll(async () => {
    cloud = await startTestCloud({ CLOUD_SEED: 'false' })
    await addTestProject(cloud)
    url = relayUrlOf(cloud)
  })
  afterAll(() => cloud.close())

  it('answers 401 before the upgrade to a bad token, accepts a good one', async () => {
    await expect(RawClient.open(url, { token: await forged(url) })).rejects.toThrow('upgrade refused: 401')
    const expired = await clientToken(url, { ttlSeconds: 60, iat: now() - 120 })
    await expect(RawClient.open(url, { token: expired })).rejects.toThrow('upgrade refused: 401')
    await expect(RawClient.open(url, { token: 'not-a-token' })).rejects.toThrow('upgrade refused: 401')
    const elsewhere = await clientToken(url.replace('127.0.0.1', 'relay.example'))
    await expect(RawClient.open(url, { token: elsewhere })).rejects.toThrow('upgrade refused: 401')
    const client = await RawClient.open(url)
    expect((await client.request('irn_subscribe', { topic: 'a'.repeat(64) })).result).toBeTypeOf('string')
    await client.close()
  })

  it('refuses unknown projects (401) and browser origins outside the allowlist (403), as every service', async () => {
    await expect(RawClient.open(url, { projectId: 'nope' })).rejects.toThrow('upgrade refused: 401')
    await expect(RawClient.open(url, { origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    )
    const allowed = await RawClient.open(url, { origin: 'http://127.0.0.1:5173' })
    await allowed.close()
  })

  it('tells clients that ask for close events why it refused: code 3000 and the exact text', async () => {
    const closeOf = async (query: string, origin?: string) => {
      const { WebSocket } = await import('ws')
      const socket = new WebSocket(`${url}?${query}&useOnCloseEvent=true`, {
        headers: origin ? { origin } : {},
      })
      return new Promise<[number, string]>((resolve) =>
        socket.once('close', (code, reason) => resolve([code, String(reason)])),
      )
    }
    const future = await clientToken(url, { iat: now() + 3600 })
    expect(await closeOf(`auth=${future}&projectId=allaccess-local`)).toEqual([3000, NOT_YET_VALID])
    const token = await clientToken(url)
    expect(await closeOf(`auth=${token}&projectId=nope`)).toEqual([3000, 'Unauthorized: invalid key'])
    expect(await closeOf(`auth=${token}&projectId=allaccess-local`, 'https://evil.example')).toEqual([
      3000,
      'Unauthorized: origin not allowed',
    ])
  })

  it('no longer serves /relay/config (the site configures its relay at build time)', async () => {
    expect((await cloud.get('/relay/config')).status).toBe(404)
  })
})
