import {
  EMBEDDED_TEXTS,
  ENROLMENT_REQUEST_TTL_MS,
  openSealedShare,
  RECOVERY_DELAY_MS,
} from '@allaccess/protocol'
import { waitForCode, waitForLink, waitForMessage } from '@allaccess/testkit/mailbox'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type TestDevice, testDevice } from '../test-support/device.js'
import { type EnrolmentDriver, enrolmentDriver, TEST_SHARES } from '../test-support/enrolment.js'
import { sha256 } from './secrets.js'

/**
 * New-device approval (docs/embedded-wallet.md#new-device-approval), as an attacker who phished a sign-in — a
 * Farcaster approval, a social login, an e-mail change — would try to turn it into the key: the sign-in's session
 * gets no share until a device that holds the wallet approves it, or its recovery's delay passes unrefused.
 */
let cloud: TestCloud
let mailbox: string
let offset = 0
const clock = () => Date.now() + offset
const SHARES = TEST_SHARES
let d: EnrolmentDriver
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000' })
  mailbox = cloud.mailboxUrl ?? ''
  cloud.services.embedded.now = clock
  d = enrolmentDriver(cloud, clock)
})
afterAll(() => cloud?.close())
beforeEach(() => {
  offset = 0
})

describe('a sign-in by a provider on a new device of an existing wallet', () => {
  it('gets no share until a device that holds the wallet, shown the new one, approves it — once', async () => {
    const { a, b, subject } = await d.walletAndNewDevice()
    // The phished sign-in alone: the auth share, never the recovery share.
    expect((await d.enrol(b.device, b.token)).response.status).toBe(403)
    expect(
      await d.status(b.device, b.token, { userAgent: IPHONE_SAFARI, site: 'http://localhost:5173' }),
    ).toEqual({ status: 'pending', recoverAt: null })

    // The new device sees no request (its own), and cannot approve itself.
    expect(await d.listed(b.device, b.token)).toEqual([])
    const [asked] = await d.listed(a.device, a.token)
    expect(asked).toEqual({
      id: expect.any(String),
      device: 'iPhone',
      browser: 'Safari 17',
      place: 'This computer (a loopback address)',
      signedInWith: 'Farcaster',
      site: 'http://localhost:5173',
      project: 'All-Access Pass (local)',
      askedAt: expect.any(Number),
      recoverAt: null,
    })
    const own = await d.answer(b.device, b.token, asked?.id ?? '', true)
    expect(own.status).toBe(403)
    expect(((await own.json()) as { message: string }).message).toBe(EMBEDDED_TEXTS.notAnApprover)

    expect((await d.answer(a.device, a.token, asked?.id ?? '', true)).status).toBe(200)
    expect(await d.status(b.device, b.token)).toEqual({ status: 'granted', recoverAt: null })
    const { response, key } = await d.enrol(b.device, b.token)
    const enrolled = (await response.json()) as Parameters<typeof openSealedShare>[1]
    expect(await openSealedShare(key.privateKey, enrolled)).toBe(SHARES.recoveryShare)
    // Once: the grant is spent, and the answer is gone.
    expect((await d.enrol(b.device, b.token)).response.status).toBe(403)
    expect((await d.answer(a.device, a.token, asked?.id ?? '', true)).status).toBe(404)
    // B now holds the wallet: it may approve the next device.
    const c = await d.identitySignIn(subject)
    await d.status(c.device, c.token)
    expect(await d.listed(b.device, b.token)).toHaveLength(1)
  })

  it('refused by a device of the wallet: the new session ends, and its wait says so (401, never a 5xx)', async () => {
    const { a, b } = await d.walletAndNewDevice()
    await d.status(b.device, b.token)
    const waiting = d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, {
      body: { wait: true },
    })
    const [asked] = await d.listed(a.device, a.token)
    expect((await d.answer(a.device, a.token, asked?.id ?? '', false)).status).toBe(200)
    expect((await waiting).status).toBe(401)
    expect((await d.send(b.device, 'GET', '/v1/embedded/session', b.token)).status).toBe(401)
  })

  it('proving the identity again (an export re-authentication) grants a new device nothing, a holding one its re-enrolment', async () => {
    const { a, b } = await d.walletAndNewDevice()
    await cloud.services.embedded.makeFresh(sha256(b.token))
    expect((await d.enrol(b.device, b.token)).response.status).toBe(403)
    await cloud.services.embedded.makeFresh(sha256(a.token))
    expect((await d.enrol(a.device, a.token)).response.status).toBe(200)
  })

  it('a lost device: recovery only after the delay, refusable until then by a device of the wallet', async () => {
    const { a, b } = await d.walletAndNewDevice()
    const started = clock()
    const recovering = await d.json(
      await d.send(b.device, 'POST', '/v1/embedded/device/enrolment/recover', b.token),
    )
    expect(recovering.status).toBe('recovering')
    expect(recovering.recoverAt).toBeGreaterThanOrEqual(started + RECOVERY_DELAY_MS)
    // Asking again does not restart or shorten it; the request outlives an approval's 15 minutes.
    offset += ENROLMENT_REQUEST_TTL_MS + 60_000
    expect(
      await d.json(await d.send(b.device, 'POST', '/v1/embedded/device/enrolment/recover', b.token)),
    ).toEqual(recovering)
    expect((await d.enrol(b.device, b.token)).response.status).toBe(403)
    const [asked] = await d.listed(a.device, a.token)
    expect(asked?.recoverAt).toBe(recovering.recoverAt)

    offset += RECOVERY_DELAY_MS
    expect(await d.status(b.device, b.token)).toEqual({ status: 'granted', recoverAt: null })
    expect((await d.enrol(b.device, b.token)).response.status).toBe(200)
  })

  it('a recovery refused before its time ends the session that asked', async () => {
    const { a, b } = await d.walletAndNewDevice()
    await d.send(b.device, 'POST', '/v1/embedded/device/enrolment/recover', b.token)
    const [asked] = await d.listed(a.device, a.token)
    expect((await d.answer(a.device, a.token, asked?.id ?? '', false)).status).toBe(200)
    offset += RECOVERY_DELAY_MS + 1000
    expect(
      (await d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { body: {} })).status,
    ).toBe(401)
  })
})

describe('an e-mail wallet', () => {
  async function codeSignIn(device: TestDevice, email: string, deviceId: string) {
    const after = Date.now()
    await d.json(
      await d.send(device, 'POST', '/v1/embedded/email/connect', undefined, { body: { email, deviceId } }),
    )
    const otp = await waitForCode(mailbox, email, { after })
    return d.json(
      await d.send(device, 'POST', '/v1/embedded/email/verify', undefined, {
        body: { email, deviceId, otp },
      }),
    )
  }
  async function approvedByLink(email: string) {
    offset += 31_000
    const device = await testDevice(clock)
    const deviceId = d.hex(16)
    const after = Date.now()
    const { ticket } = await codeSignIn(device, email, deviceId)
    expect((await fetch(await waitForLink(mailbox, email, { after }), { method: 'POST' })).status).toBe(200)
    const waited = await d.json(
      await d.send(device, 'POST', '/v1/embedded/device/wait', undefined, { body: { deviceId, ticket } }),
    )
    return { device, token: waited.sessionToken as string }
  }

  it('a new device approved by the link enrols as before; after an e-mail change the new inbox alone does not', async () => {
    const email = `approval-${d.hex(4)}@example.com`
    const a = { device: await testDevice(clock) }
    const { sessionToken } = await codeSignIn(a.device, email, d.hex(16))
    const token = sessionToken as string
    expect((await d.send(a.device, 'PUT', '/v1/embedded/shares', token, { body: SHARES })).status).toBe(200)
    const b = await approvedByLink(email)
    expect((await d.enrol(b.device, b.token)).response.status).toBe(200)

    // The e-mail changes (whoever typed the codes: a phished current code and the attacker's new inbox).
    const moved = `moved-${d.hex(4)}@example.com`
    offset += 31_000
    let after = Date.now()
    await d.json(
      await d.send(a.device, 'POST', '/v1/embedded/email/update', token, { body: { newEmail: moved } }),
    )
    const primary = await waitForCode(mailbox, email, { after })
    after = Date.now()
    await d.json(
      await d.send(a.device, 'POST', '/v1/embedded/email/update/verify-primary', token, {
        body: { otp: primary },
      }),
    )
    const secondary = await waitForCode(mailbox, moved, { after })
    await d.json(
      await d.send(a.device, 'POST', '/v1/embedded/email/update/verify-secondary', token, {
        body: { otp: secondary },
      }),
    )

    const c = await approvedByLink(moved)
    expect((await d.enrol(c.device, c.token)).response.status).toBe(403)
    expect(await d.status(c.device, c.token)).toEqual({ status: 'pending', recoverAt: null })
    expect(await d.listed(a.device, token)).toHaveLength(1)
    // Its recovery tells the (new) address, and waits the delay.
    after = Date.now()
    await d.json(await d.send(c.device, 'POST', '/v1/embedded/device/enrolment/recover', c.token))
    const notice = await waitForMessage(mailbox, moved, (message) => message.subject, { after })
    expect(notice).toBe('A device asked to recover your wallet')

    // Once the address has been the wallet's for the delay, its link enrols again.
    offset += RECOVERY_DELAY_MS
    const late = await approvedByLink(moved)
    expect((await d.enrol(late.device, late.token)).response.status).toBe(200)
  })
})
