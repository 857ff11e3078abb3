import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { waitForCode } from '@allaccess/testkit/mailbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { testDevice } from '../test-support/device.js'
import { embeddedClient, newDevice, newEmail } from '../test-support/embedded.js'
import { newKek } from './secrets.js'

/**
 * A sign-in is bound to the device key that started it (docs/embedded-wallet.md#sign-in-binding), tried as a script
 * on an allowed host page would: it reads what the user types there and runs its own key.
 */
let cloud: TestCloud

beforeAll(async () => {
  // A wait that finds no approval answers within a second.
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000', EMBEDDED_DEVICE_WAIT_MS: '1000' })
})
afterAll(() => cloud?.close())

describe('an e-mail sign-in', () => {
  it('starts only with a device proof', async () => {
    const unsigned = await cloud.post(`/v1/embedded/email/connect?${LOCAL_QUERY}`, {
      email: newEmail(),
      deviceId: newDevice(),
    })
    expect(unsigned.status).toBe(401)
  })

  it('gives the code to the key that asked for it: the same code by another key is worth nothing and costs it nothing', async () => {
    const frame = embeddedClient(cloud, await testDevice())
    const script = embeddedClient(cloud, await testDevice())
    const email = newEmail()
    const deviceId = newDevice()
    const after = Date.now()
    expect(await frame.connect(email, deviceId)).toBe('VERIFY_OTP')
    const otp = await waitForCode(frame.mailbox, email, { after })
    // The host page's script read the code as the user typed it, and knows the device id: another key.
    for (let tries = 0; tries < 6; tries++) {
      const stolen = await script.post('/v1/embedded/email/verify', { email, deviceId, otp })
      expect(stolen.status).toBe(400)
      expect(((await stolen.json()) as { message: string }).message).toBe(EMBEDDED_TEXTS.expiredCode)
    }
    const own = await frame.post('/v1/embedded/email/verify', { email, deviceId, otp })
    expect(await frame.json(own)).toMatchObject({ sessionToken: expect.any(String) })
  })

  it("gives a new device's approval to the key (and project) that verified the code, not to whoever holds the ticket", async () => {
    const email = newEmail()
    const first = embeddedClient(cloud, await testDevice())
    await first.signIn(email)
    cloud.services.embedded.now = () => Date.now() + 31_000
    const frame = embeddedClient(cloud, await testDevice(() => Date.now() + 31_000))
    const deviceId = newDevice()
    const { ticket, link } = await frame.askApproval(email, deviceId)
    expect((await frame.approve(link)).status).toBe(200)
    const script = embeddedClient(cloud, await testDevice(() => Date.now() + 31_000))
    expect(await script.json(await script.wait(deviceId, ticket))).toEqual({ approved: false })
    const approved = await frame.json(await frame.wait(deviceId, ticket))
    expect(approved).toMatchObject({ approved: true, sessionToken: expect.any(String) })
    cloud.services.embedded.now = Date.now
  })
})

describe('in production', () => {
  it('starts no sign-in for a loopback host page, even one the allowlist names; a named site still starts', async () => {
    const production = await startTestCloud({
      NODE_ENV: 'production',
      EMBEDDED_KEK: newKek(),
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAILBOX: '0',
      NAMES_SIGNER_KEY: `0x${'11'.repeat(32)}`,
      FARCASTER_RELAY_KEY: 'a-production-relay-key',
      EMBEDDED_FRAME_ORIGINS: 'https://wallet.site.example',
    })
    try {
      await production.services.projects.update(LOCAL_PROJECT.id, {
        allowedOrigins: [...LOCAL_PROJECT.allowedOrigins, 'https://site.example'],
      })
      const device = await testDevice()
      const path = `/v1/embedded/farcaster/start?${LOCAL_QUERY}`
      const start = async (hostOrigin: string) =>
        production.post(
          path,
          { deviceId: newDevice(), hostOrigin },
          { headers: await device.headers('POST', path) },
        )
      for (const loopback of [
        'http://127.0.0.1:5173',
        'http://localhost:5173',
        'http://site.allaccess.localhost:5173',
      ])
        expect((await start(loopback)).status, loopback).toBe(403)
      expect((await start('https://site.example')).status).toBe(200)
    } finally {
      await production.close()
    }
  })
})
