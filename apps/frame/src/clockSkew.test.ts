import { randomBytes } from 'node:crypto'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { waitForCode } from '@allaccess/testkit/mailbox'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCloudApi } from './cloudApi'
import { createDeviceKey } from './deviceKey'
import { TEST_PROJECT_ID } from './testing/browser'
import { openVault } from './vault'
import { createWallet } from './wallet'

/**
 * A device whose clock is far off the cloud's (docs/embedded-wallet.md#device-binding): its proofs are signed on the
 * cloud's time, as the cloud's answers tell it, so it signs in and works; a replayed proof is still refused.
 */
let cloud: RunningCloud
let mailbox: string

beforeAll(async () => {
  cloud = await startCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'silent', INDEXER: '0', EMBEDDED_SENDS_PER_IP: '100000' },
  })
  mailbox = cloud.mailboxUrl ?? ''
}, 60_000)
afterAll(() => cloud?.close())

/** A browser whose clock is `skewMs` off; every request it sends is kept, as sent. */
function skewedBrowser(skewMs: number) {
  const sent: { url: string; init: RequestInit }[] = []
  const vault = openVault(new IDBFactory())
  const device = createDeviceKey(vault, () => Date.now() + skewMs)
  const recording: typeof fetch = (input, init = {}) => {
    sent.push({ url: String(input), init })
    return fetch(input, init)
  }
  const api = createCloudApi({ cloudUrl: cloud.url, projectId: TEST_PROJECT_ID, device, fetch: recording })
  return { wallet: createWallet({ cloud: api, vault }), sent }
}

describe('a device clock far off the cloud’s', () => {
  for (const skewMs of [10 * 60_000, -3 * 60 * 60_000])
    it(`${skewMs > 0 ? 'ahead' : 'behind'} by ${Math.abs(skewMs) / 60_000} minutes: signs in, makes its wallet and stays connected`, async () => {
      const { wallet } = skewedBrowser(skewMs)
      const email = `skew-${randomBytes(5).toString('hex')}@example.com`
      const after = Date.now()
      expect(await wallet.connectEmail(email)).toBe('VERIFY_OTP')
      expect(await wallet.connectOtp(await waitForCode(mailbox, email, { after }))).toBe('CONNECT')
      expect((await wallet.user()).email).toBe(email)
      expect(await wallet.isConnected()).toBe(true)
    })

  it('still refuses a replayed proof, and one signed on the device’s own wrong clock', async () => {
    const { wallet, sent } = skewedBrowser(10 * 60_000)
    const email = `skew-${randomBytes(5).toString('hex')}@example.com`
    const after = Date.now()
    await wallet.connectEmail(email)
    await wallet.connectOtp(await waitForCode(mailbox, email, { after }))
    expect(await wallet.isConnected()).toBe(true)
    const session = sent.findLast(({ url }) => url.includes('/v1/embedded/session'))
    const replayed = await fetch(session?.url ?? '', session?.init)
    expect(replayed.status).toBe(401)
    expect(((await replayed.json()) as { message: string }).message).toBe(EMBEDDED_TEXTS.deviceNotProven)
    // The first request was signed on the wrong clock, refused, then signed again on the cloud's.
    const [first, second] = sent
    expect(first?.url).toBe(second?.url)
    const refused = await fetch(first?.url ?? '', first?.init)
    expect(refused.status).toBe(401)
  })
})
