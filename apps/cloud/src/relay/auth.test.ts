import { generateKeyPair } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { verifyClientToken } from './auth.js'
import { RelayAuthError } from './errors.js'
import { clientToken, RawClient, relayUrlOf } from './test-support.js'

const now = () => Math.floor(Date.now() / 1000)

/** The same claims, signed by another key: a forgery. */
async function forged(): Promise<string> {
  const victim = (await clientToken()).split('.')
  const forger = (await clientToken(generateKeyPair())).split('.')
  return [victim[0], victim[1], forger[2]].join('.')
}

describe('verifyClientToken', () => {
  it('returns the client id (iss) of a valid token', async () => {
    const keyPair = generateKeyPair()
    const [first, second] = [await clientToken(keyPair), await clientToken(keyPair)]
    const id = await verifyClientToken(first, now())
    expect(id).toMatch(/^did:key:z/)
    expect(await verifyClientToken(second, now())).toBe(id)
  })

  it('refuses missing, malformed, forged, expired and future tokens', async () => {
    const refusal = (token: string | undefined) => verifyClientToken(token, now())
    await expect(refusal(undefined)).rejects.toThrow(new RelayAuthError('Missing auth token'))
    await expect(refusal('a.b.c')).rejects.toThrow('Malformed auth token')
    await expect(refusal('x'.repeat(50))).rejects.toThrow('Malformed auth token')
    await expect(refusal(await forged())).rejects.toThrow('Invalid auth token signature')
    const expired = await clientToken(generateKeyPair(), 60, now() - 120)
    await expect(refusal(expired)).rejects.toThrow('Auth token expired')
    const future = await clientToken(generateKeyPair(), 86_400, now() + 3600)
    await expect(refusal(future)).rejects.toThrow('Auth token not yet valid')
  })
})

describe('relay upgrade', () => {
  let cloud: TestCloud
  beforeAll(async () => {
    cloud = await startTestCloud({ CLOUD_SEED: 'false' })
  })
  afterAll(() => cloud.close())

  it('answers 401 before the upgrade to a bad token, accepts a good one', async () => {
    const url = relayUrlOf(cloud)
    await expect(RawClient.open(url, { token: await forged() })).rejects.toThrow('upgrade refused: 401')
    const expired = await clientToken(generateKeyPair(), 60, now() - 120)
    await expect(RawClient.open(url, { token: expired })).rejects.toThrow('upgrade refused: 401')
    await expect(RawClient.open(url, { token: 'not-a-token' })).rejects.toThrow('upgrade refused: 401')
    const client = await RawClient.open(url)
    expect((await client.request('irn_subscribe', { topic: 'a'.repeat(64) })).result).toBeTypeOf('string')
    await client.close()
  })

  it('tells the modal which relay to use', async () => {
    const answer = await cloud.get('/relay/config')
    expect(await answer.json()).toEqual({ relayUrl: relayUrlOf(cloud), projectId: null })
  })
})
