import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../config/errors.js'
import { loadConfig } from '../services.js'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { testDevice } from '../test-support/device.js'

const newEmail = () => `proxy-${randomBytes(5).toString('hex')}@example.com`
const newDevice = () => randomBytes(16).toString('hex')

/** The cloud's per-client-address e-mail limit (2 per hour here) is what shows which address the cloud saw. */
const SENDS_PER_IP = 2
/** One cloud per setting, started at once. */
const SETTINGS = ['10.9.9.9', '127.0.0.1/32, 10.0.0.0/8', '1', '2'] as const
const clouds = new Map<string, TestCloud>()
beforeAll(async () => {
  await Promise.all(
    SETTINGS.map(async (setting) => {
      const cloud = await startTestCloud({
        CLOUD_TRUST_PROXY: setting,
        EMBEDDED_SENDS_PER_IP: String(SENDS_PER_IP),
      })
      clouds.set(setting, cloud)
    }),
  )
}, 120_000)
afterAll(async () => {
  await Promise.all([...clouds.values()].map((cloud) => cloud.close()))
})
const cloudTrusting = (setting: (typeof SETTINGS)[number]) => clouds.get(setting) as TestCloud

/** One code e-mail to a new address, with the given X-Forwarded-For, signed as the frame signs it. */
const send = async (cloud: TestCloud, forwardedFor: string) => {
  const path = `/v1/embedded/email/connect?${LOCAL_QUERY}`
  const proof = await (await testDevice()).headers('POST', path)
  return cloud.post(
    path,
    { email: newEmail(), deviceId: newDevice() },
    { headers: { ...proof, 'x-forwarded-for': forwardedFor } },
  )
}

/** The statuses of SENDS_PER_IP + 1 sends, the i-th with `forwardedFor(i)`. */
async function statuses(cloud: TestCloud, forwardedFor: (i: number) => string): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i <= SENDS_PER_IP; i++) seen.push((await send(cloud, forwardedFor(i))).status)
  return seen
}
const LIMITED = [200, 200, 429]
const UNLIMITED = [200, 200, 200]

describe('CLOUD_TRUST_PROXY', () => {
  it('one trusted proxy: rotated X-Forwarded-For from an untrusted peer does not change its address', async () => {
    // The test's peer is 127.0.0.1, not the trusted proxy: its headers are its own words.
    const cloud = cloudTrusting('10.9.9.9')
    expect(await statuses(cloud, (i) => `198.51.100.${i + 1}`)).toEqual(LIMITED)
    const refused = await send(cloud, '203.0.113.99')
    expect(await messageOf(refused)).toMatch(/^Please try again after \d+ seconds$/)
  })

  it('the trusted proxy as the peer: the address it forwards is the client, the hops before it are not', async () => {
    const cloud = cloudTrusting('127.0.0.1/32, 10.0.0.0/8')
    // What a client wrote before the proxy's own entry is not trusted: one client, however it rotates.
    expect(await statuses(cloud, (i) => `192.0.2.${i + 1}, 203.0.113.7`)).toEqual(LIMITED)
    // Another trusted proxy on the way is skipped: the client is the first untrusted hop from the right.
    expect(await statuses(cloud, (i) => `198.51.100.${i + 1}, 10.1.2.3`)).toEqual(UNLIMITED)
  })

  it('a hop count takes the address that many hops from the peer', async () => {
    const oneHop = cloudTrusting('1')
    expect(await statuses(oneHop, (i) => `192.0.2.${i + 1}, 203.0.113.8`)).toEqual(LIMITED)
    const twoHops = cloudTrusting('2')
    expect(await statuses(twoHops, (i) => `192.0.2.${i + 1}, 203.0.113.9`)).toEqual(UNLIMITED)
    expect(await statuses(twoHops, (i) => `198.51.100.1, 203.0.113.${i + 10}, 10.0.0.1`)).toEqual(UNLIMITED)
    expect(await statuses(twoHops, (i) => `192.0.2.${i + 20}, 198.51.100.2, 10.0.0.1`)).toEqual(LIMITED)
  })

  it('refuses "true" (every hop trusted) and anything that is not a hop count, address or CIDR', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ CLOUD_TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ CLOUD_TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ CLOUD_TRUST_PROXY: 'loopback, fd00::/8,10.0.0.2' }).trustProxy).toEqual([
      'loopback',
      'fd00::/8',
      '10.0.0.2',
    ])
    const refusal = (value: string) => {
      try {
        loadConfig({ CLOUD_TRUST_PROXY: value })
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as ConfigError).issues.join('\n')
      }
      throw new Error(`${value} was accepted`)
    }
    expect(refusal('true')).toMatch(/^CLOUD_TRUST_PROXY: "true" would trust every X-Forwarded-For hop/)
    expect(refusal('17')).toBe('CLOUD_TRUST_PROXY: at most 16 hops')
    expect(refusal('10.0.0.0/33,proxy.local')).toBe(
      'CLOUD_TRUST_PROXY: not an address, CIDR or hop count: "10.0.0.0/33", "proxy.local"',
    )
  })
})
