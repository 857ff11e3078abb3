import { randomBytes } from 'node:crypto'
import {
  EMBEDDED_TEXTS,
  ENROLMENT_REQUEST_TTL_MS,
  newEnrolmentKey,
  openSealedShare,
  RECOVERY_DELAY_MS,
} from '@allaccess/protocol'
import { waitForCode, waitForLink, waitForMessage } from '@allaccess/testkit/mailbox'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type TestDevice, testDevice } from '../test-support/device.js'
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
const SHARES = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  authShare: `0801${'a1'.repeat(33)}`,
  recoveryShare: `0802${'b2'.repeat(33)}`,
}
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000' })
  mailbox = cloud.mailboxUrl ?? ''
  cloud.services.embedded.now = clock
})
afterAll(() => cloud?.close())
beforeEach(() => {
  offset = 0
})

const hex = (bytes: number) => randomBytes(bytes).toString('hex')
async function send(
  device: TestDevice,
  method: string,
  route: string,
  token: string | undefined,
  body?: unknown,
  userAgent?: string,
) {
  const path = `${route}?projectId=${LOCAL_PROJECT.id}`
  return fetch(cloud.url + path, {
    method,
    headers: {
      ...(await device.headers(method, path, token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  })
}
const json = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

/** A sign-in of an identity (what the social callback and the Farcaster relay end in) on a new device. */
async function identitySignIn(subject: string) {
  const device = await testDevice(clock)
  const { sessionToken } = await cloud.services.embedded.signInWithIdentity(
    { provider: 'farcaster', subject, username: `fid-${subject}` },
    hex(16),
    { deviceKey: device.publicKey, projectId: LOCAL_PROJECT.id },
  )
  return { device, token: sessionToken }
}
async function enrol(device: TestDevice, token: string) {
  const key = await newEnrolmentKey()
  const response = await send(device, 'POST', '/v1/embedded/shares/enrol', token, { enrolKey: key.enrolKey })
  return { response, key }
}
const status = (device: TestDevice, token: string, userAgent?: string) =>
  send(device, 'POST', '/v1/embedded/device/enrolment', token, {}, userAgent).then(json)
const listed = async (device: TestDevice, token: string) =>
  (await json(await send(device, 'POST', '/v1/embedded/device/enrolments', token, {}))).devices as {
    id: string
    device: string
    browser: string
    place: string
    askedAt: number
    recoverAt: number | null
  }[]
const answer = (device: TestDevice, token: string, id: string, approve: boolean) =>
  send(device, 'POST', '/v1/embedded/device/enrolments/answer', token, { id, approve })

/** A Farcaster user whose wallet device A made; B a second sign-in of the same fid on a new device. */
async function walletAndNewDevice() {
  const subject = `${Date.now()}${hex(2)}`
  const a = await identitySignIn(subject)
  expect((await send(a.device, 'PUT', '/v1/embedded/shares', a.token, SHARES)).status).toBe(200)
  const b = await identitySignIn(subject)
  return { a, b, subject }
}

describe('a sign-in by a provider on a new device of an existing wallet', () => {
  it('gets no share until a device that holds the wallet, shown the new one, approves it — once', async () => {
    const { a, b, subject } = await walletAndNewDevice()
    // The phished sign-in alone: the auth share, never the recovery share.
    expect((await enrol(b.device, b.token)).response.status).toBe(403)
    expect(await status(b.device, b.token, IPHONE_SAFARI)).toEqual({ status: 'pending', recoverAt: null })

    // The new device sees no request (its own), and cannot approve itself.
    expect(await listed(b.device, b.token)).toEqual([])
    const [asked] = await listed(a.device, a.token)
    expect(asked).toEqual({
      id: expect.any(String),
      device: 'iPhone',
      browser: 'Safari 17',
      place: 'This computer (a loopback address)',
      signedInWith: 'Farcaster',
      askedAt: expect.any(Number),
      recoverAt: null,
    })
    const own = await answer(b.device, b.token, asked?.id ?? '', true)
    expect(own.status).toBe(403)
    expect(((await own.json()) as { message: string }).message).toBe(EMBEDDED_TEXTS.notAnApprover)

    expect((await answer(a.device, a.token, asked?.id ?? '', true)).status).toBe(200)
    expect(await status(b.device, b.token)).toEqual({ status: 'granted', recoverAt: null })
    const { response, key } = await enrol(b.device, b.token)
    const enrolled = (await response.json()) as Parameters<typeof openSealedShare>[1]
    expect(await openSealedShare(key.privateKey, enrolled)).toBe(SHARES.recoveryShare)
    // Once: the grant is spent, and the answer is gone.
    expect((await enrol(b.device, b.token)).response.status).toBe(403)
    expect((await answer(a.device, a.token, asked?.id ?? '', true)).status).toBe(404)
    // B now holds the wallet: it may approve the next device.
    const c = await identitySignIn(subject)
    await status(c.device, c.token)
    expect(await listed(b.device, b.token)).toHaveLength(1)
  })

  it('refused by a device of the wallet: the new session ends, and its wait says so (401, never a 5xx)', async () => {
    const { a, b } = await walletAndNewDevice()
    await status(b.device, b.token)
    const waiting = send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { wait: true })
    const [asked] = await listed(a.device, a.token)
    expect((await answer(a.device, a.token, asked?.id ?? '', false)).status).toBe(200)
    expect((await waiting).status).toBe(401)
    expect((await send(b.device, 'GET', '/v1/embedded/session', b.token)).status).toBe(401)
  })

  it('proving the identity again (an export re-authentication) grants a new device nothing, a holding one its re-enrolment', async () => {
    const { a, b } = await walletAndNewDevice()
    await cloud.services.embedded.makeFresh(sha256(b.token))
    expect((await enrol(b.device, b.token)).response.status).toBe(403)
    await cloud.services.embedded.makeFresh(sha256(a.token))
    expect((await enrol(a.device, a.token)).response.status).toBe(200)
  })

  it('a lost device: recovery only after the delay, refusable until then by a device of the wallet', async () => {
    const { a, b } = await walletAndNewDevice()
    const started = clock()
    const recovering = await json(
      await send(b.device, 'POST', '/v1/embedded/device/enrolment/recover', b.token),
    )
    expect(recovering.status).toBe('recovering')
    expect(recovering.recoverAt).toBeGreaterThanOrEqual(started + RECOVERY_DELAY_MS)
    // Asking again does not restart or shorten it; the request outlives an approval's 15 minutes.
    offset += ENROLMENT_REQUEST_TTL_MS + 60_000
    expect(
      await json(await send(b.device, 'POST', '/v1/embedded/device/enrolment/recover', b.token)),
    ).toEqual(recovering)
    expect((await enrol(b.device, b.token)).response.status).toBe(403)
    const [asked] = await listed(a.device, a.token)
    expect(asked?.recoverAt).toBe(recovering.recoverAt)

    offset += RECOVERY_DELAY_MS
    expect(await status(b.device, b.token)).toEqual({ status: 'granted', recoverAt: null })
    expect((await enrol(b.device, b.token)).response.status).toBe(200)
  })

  it('a recovery refused before its time ends the session that asked', async () => {
    const { a, b } = await walletAndNewDevice()
    await send(b.device, 'POST', '/v1/embedded/device/enrolment/recover', b.token)
    const [asked] = await listed(a.device, a.token)
    expect((await answer(a.device, a.token, asked?.id ?? '', false)).status).toBe(200)
    offset += RECOVERY_DELAY_MS + 1000
    expect((await send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, {})).status).toBe(401)
  })
})

describe('an e-mail wallet', () => {
  async function codeSignIn(device: TestDevice, email: string, deviceId: string) {
    const after = Date.now()
    await json(await send(device, 'POST', '/v1/embedded/email/connect', undefined, { email, deviceId }))
    const otp = await waitForCode(mailbox, email, { after })
    return json(await send(device, 'POST', '/v1/embedded/email/verify', undefined, { email, deviceId, otp }))
  }
  async function approvedByLink(email: string) {
    offset += 31_000
    const device = await testDevice(clock)
    const deviceId = hex(16)
    const after = Date.now()
    const { ticket } = await codeSignIn(device, email, deviceId)
    expect((await fetch(await waitForLink(mailbox, email, { after }), { method: 'POST' })).status).toBe(200)
    const waited = await json(
      await send(device, 'POST', '/v1/embedded/device/wait', undefined, { deviceId, ticket }),
    )
    return { device, token: waited.sessionToken as string }
  }

  it('a new device approved by the link enrols as before; after an e-mail change the new inbox alone does not', async () => {
    const email = `approval-${hex(4)}@example.com`
    const a = { device: await testDevice(clock) }
    const { sessionToken } = await codeSignIn(a.device, email, hex(16))
    const token = sessionToken as string
    expect((await send(a.device, 'PUT', '/v1/embedded/shares', token, SHARES)).status).toBe(200)
    const b = await approvedByLink(email)
    expect((await enrol(b.device, b.token)).response.status).toBe(200)

    // The e-mail changes (whoever typed the codes: a phished current code and the attacker's new inbox).
    const moved = `moved-${hex(4)}@example.com`
    offset += 31_000
    let after = Date.now()
    await json(await send(a.device, 'POST', '/v1/embedded/email/update', token, { newEmail: moved }))
    const primary = await waitForCode(mailbox, email, { after })
    after = Date.now()
    await json(
      await send(a.device, 'POST', '/v1/embedded/email/update/verify-primary', token, { otp: primary }),
    )
    const secondary = await waitForCode(mailbox, moved, { after })
    await json(
      await send(a.device, 'POST', '/v1/embedded/email/update/verify-secondary', token, { otp: secondary }),
    )

    const c = await approvedByLink(moved)
    expect((await enrol(c.device, c.token)).response.status).toBe(403)
    expect(await status(c.device, c.token)).toEqual({ status: 'pending', recoverAt: null })
    expect(await listed(a.device, token)).toHaveLength(1)
    // Its recovery tells the (new) address, and waits the delay.
    after = Date.now()
    await json(await send(c.device, 'POST', '/v1/embedded/device/enrolment/recover', c.token))
    const notice = await waitForMessage(mailbox, moved, (message) => message.subject, { after })
    expect(notice).toBe('A device asked to recover your wallet')

    // Once the address has been the wallet's for the delay, its link enrols again.
    offset += RECOVERY_DELAY_MS
    const d = await approvedByLink(moved)
    expect((await enrol(d.device, d.token)).response.status).toBe(200)
  })
})
