import { randomBytes } from 'node:crypto'
import {
  CLOUD_TIME_HEADER,
  DEVICE_KEY_HEADER,
  DEVICE_PROOF_HEADER,
  DEVICE_PROOF_WINDOW_MS,
  EMBEDDED_TEXTS,
  enrolResponseSchema,
  newEnrolmentKey,
  openSealedShare,
} from '@allaccess/protocol'
import { waitForCode, waitForLink } from '@allaccess/testkit/mailbox'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type TestDevice, testDevice } from '../test-support/device.js'
import { DEV_FRAME_ORIGIN, ENROLMENT_TTL_MS } from './limits.js'

/**
 * The device binding and the release of the shares (docs/embedded-wallet.md#device-binding), as an attacker holding
 * a session token copied out of the frame's storage would try them.
 */
let cloud: TestCloud
let mailbox: string
let offset = 0
const clock = () => Date.now() + offset
const OTHER_PROJECT = 'custody-other-project'

beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000' })
  mailbox = cloud.mailboxUrl ?? ''
  cloud.services.embedded.now = clock
  await cloud.services.projects.create({ ...LOCAL_PROJECT, id: OTHER_PROJECT })
})
afterAll(() => cloud?.close())
beforeEach(() => {
  offset = 0
})

const query = (projectId: string) => `projectId=${projectId}`
const newEmail = () => `bound-${randomBytes(5).toString('hex')}@example.com`
const newDeviceId = () => randomBytes(16).toString('hex')
/** A request from `device` (signed at `at`, the cloud's clock by default) for `project`. */
async function send(
  device: TestDevice | undefined,
  method: string,
  route: string,
  {
    token,
    body,
    at,
    project = LOCAL_PROJECT.id,
  }: { token?: string; body?: unknown; at?: number; project?: string } = {},
) {
  const path = `${route}?${query(project)}`
  const headers = device
    ? await device.headers(method, path, token, at ?? clock())
    : token
      ? { authorization: `Bearer ${token}` }
      : {}
  return fetch(cloud.url + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  })
}

async function expectRefusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status)
  expect(((await response.json()) as { message: string }).message).toBe(message)
}
const notProven = (response: Response) => expectRefusal(response, 401, EMBEDDED_TEXTS.deviceNotProven)

/** A code-verified sign-in of `email` on `deviceId` by `device` (a new user, or a known or approved device). */
async function verify(device: TestDevice, email: string, deviceId: string, project = LOCAL_PROJECT.id) {
  const after = Date.now()
  const connected = await send(device, 'POST', '/v1/embedded/email/connect', {
    body: { email, deviceId },
    project,
  })
  expect(await connected.json()).toEqual({ action: 'VERIFY_OTP' })
  const otp = await waitForCode(mailbox, email, { after })
  const verified = await send(device, 'POST', '/v1/embedded/email/verify', {
    body: { email, deviceId, otp },
    project,
  })
  expect(verified.status, await verified.clone().text()).toBe(200)
  return ((await verified.json()) as { sessionToken: string }).sessionToken
}

const SHARES = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  authShare: `0801${'a1'.repeat(33)}`,
  recoveryShare: `0802${'b2'.repeat(33)}`,
}

/** A user with a wallet made on device A: A's device, id, session token and e-mail. */
async function userWithWallet() {
  const device = await testDevice(clock)
  const deviceId = newDeviceId()
  const email = newEmail()
  const token = await verify(device, email, deviceId)
  const stored = await send(device, 'PUT', '/v1/embedded/shares', { token, body: SHARES })
  expect(stored.status).toBe(200)
  return { device, deviceId, token, email }
}

/** The same user on a new device: its code, the approval link, then the wait. Its device and session token. */
async function onNewDevice(email: string) {
  offset += 31_000
  const device = await testDevice(clock)
  const deviceId = newDeviceId()
  const after = Date.now()
  const connected = await send(device, 'POST', '/v1/embedded/email/connect', { body: { email, deviceId } })
  expect(await connected.json()).toEqual({ action: 'VERIFY_OTP' })
  const otp = await waitForCode(mailbox, email, { after })
  const verified = await send(device, 'POST', '/v1/embedded/email/verify', { body: { email, deviceId, otp } })
  const { ticket } = (await verified.json()) as { action: string; ticket: string }
  expect((await fetch(await waitForLink(mailbox, email, { after }), { method: 'POST' })).status).toBe(200)
  // The wait makes the session: without the device's proof it is refused, and the approval stays unclaimed.
  await notProven(await send(undefined, 'POST', '/v1/embedded/device/wait', { body: { deviceId, ticket } }))
  const waited = await send(device, 'POST', '/v1/embedded/device/wait', { body: { deviceId, ticket } })
  const { approved, sessionToken } = (await waited.json()) as { approved: boolean; sessionToken: string }
  expect(approved).toBe(true)
  return { device, token: sessionToken }
}

async function enrol(device: TestDevice, token: string) {
  const enrolment = await newEnrolmentKey()
  const response = await send(device, 'POST', '/v1/embedded/shares/enrol', {
    token,
    body: { enrolKey: enrolment.enrolKey },
  })
  return { response, enrolment }
}

describe('a session token copied out of the frame', () => {
  it('gets no share, no session and no step of any flow from another client, with or without its own key', async () => {
    const { device, token } = await userWithWallet()
    const thief = await testDevice(clock)
    const routes = [
      ['GET', '/v1/embedded/shares', undefined],
      ['POST', '/v1/embedded/shares/enrol', { enrolKey: (await newEnrolmentKey()).enrolKey }],
      ['GET', '/v1/embedded/session', undefined],
      ['POST', '/v1/embedded/reauth', undefined],
      ['POST', '/v1/embedded/email/update', { newEmail: newEmail() }],
      ['POST', '/v1/embedded/session/revoke', undefined],
      ['POST', '/v1/embedded/reauth/social', { hostOrigin: 'http://127.0.0.1:5173' }],
      ['POST', '/v1/embedded/reauth/farcaster', { hostOrigin: 'http://127.0.0.1:5173' }],
    ] as const
    for (const [method, route, body] of routes) {
      // A plain HTTP client with the bearer token only, then one signing with its own key.
      await notProven(await send(undefined, method, route, { token, body }))
      await notProven(await send(thief, method, route, { token, body }))
    }
    // The device itself: the auth share only, never the recovery share.
    const own = await send(device, 'GET', '/v1/embedded/shares', { token })
    expect(await own.json()).toEqual({ address: SHARES.address, authShare: SHARES.authShare })
  })

  it("tells every answer, a stale proof's refusal too, the cloud's time (readable by the frame's origin)", async () => {
    const { device, token } = await userWithWallet()
    offset = 3_600_000
    const stale = await send(device, 'GET', '/v1/embedded/shares', { token, at: Date.now() })
    await notProven(stale)
    expect(Math.abs(Number(stale.headers.get(CLOUD_TIME_HEADER)) - clock())).toBeLessThan(5000)
    const path = `/v1/embedded/session?${query(LOCAL_PROJECT.id)}`
    const fromFrame = await fetch(cloud.url + path, {
      headers: { ...(await device.headers('GET', path, token, clock())), origin: DEV_FRAME_ORIGIN },
    })
    expect(fromFrame.status).toBe(200)
    expect(fromFrame.headers.get('access-control-expose-headers')).toContain(CLOUD_TIME_HEADER)
  })

  it('refuses a replayed proof, another path or method, a stale or future time and a malformed header', async () => {
    const { device, token } = await userWithWallet()
    const path = `/v1/embedded/shares?${query(LOCAL_PROJECT.id)}`
    const headers = await device.headers('GET', path, token)
    expect((await fetch(cloud.url + path, { headers })).status).toBe(200)
    await notProven(await fetch(cloud.url + path, { headers }))

    const forSession = await device.headers('GET', `/v1/embedded/session?${query(LOCAL_PROJECT.id)}`, token)
    await notProven(await fetch(cloud.url + path, { headers: forSession }))
    const asPost = await device.headers('POST', path, token)
    await notProven(await fetch(cloud.url + path, { headers: asPost }))
    const elsewhere = await device.headers('GET', `${path}&x=1`, token)
    await notProven(await fetch(cloud.url + path, { headers: elsewhere }))

    for (const at of [clock() - DEVICE_PROOF_WINDOW_MS - 1000, clock() + DEVICE_PROOF_WINDOW_MS + 1000])
      await notProven(await send(device, 'GET', '/v1/embedded/shares', { token, at }))
    const late = await send(device, 'GET', '/v1/embedded/shares', {
      token,
      at: clock() - DEVICE_PROOF_WINDOW_MS + 5000,
    })
    expect(late.status).toBe(200)

    for (const proof of [
      '',
      'x',
      '1.2.3',
      `${clock()}.${'a'.repeat(22)}.${'b'.repeat(86)}`,
      'é'.repeat(200),
    ]) {
      const response = await fetch(cloud.url + path, {
        headers: { authorization: `Bearer ${token}`, [DEVICE_PROOF_HEADER]: encodeURI(proof) },
      })
      await notProven(response)
    }
  })

  it('a session is made only for a request that proves its key: the code is not used up by one that does not', async () => {
    const device = await testDevice(clock)
    const email = newEmail()
    const deviceId = newDeviceId()
    const after = Date.now()
    await send(device, 'POST', '/v1/embedded/email/connect', { body: { email, deviceId } })
    const otp = await waitForCode(mailbox, email, { after })
    const body = { email, deviceId, otp }
    await notProven(await send(undefined, 'POST', '/v1/embedded/email/verify', { body }))
    const notAPoint = await fetch(`${cloud.url}/v1/embedded/email/verify?${query(LOCAL_PROJECT.id)}`, {
      method: 'POST',
      headers: {
        ...(await device.headers('POST', `/v1/embedded/email/verify?${query(LOCAL_PROJECT.id)}`)),
        [DEVICE_KEY_HEADER]: 'A'.repeat(87),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    })
    await notProven(notAPoint)
    expect((await send(device, 'POST', '/v1/embedded/email/verify', { body })).status).toBe(200)
  })
})

describe('the recovery share', () => {
  it('leaves once per new device, sealed to the key the device made for it; never for the known device', async () => {
    const { device, token, email } = await userWithWallet()
    await expectRefusal((await enrol(device, token)).response, 403, EMBEDDED_TEXTS.notEnrolled)

    const second = await onNewDevice(email)
    const { response, enrolment } = await enrol(second.device, second.token)
    expect(response.status).toBe(200)
    const sealed = enrolResponseSchema.parse(await response.json())
    expect(JSON.stringify(sealed)).not.toContain(SHARES.recoveryShare)
    expect(await openSealedShare(enrolment.privateKey, sealed)).toBe(SHARES.recoveryShare)
    // Another key than the one it was sealed to opens nothing.
    await expect(openSealedShare((await newEnrolmentKey()).privateKey, sealed)).rejects.toThrow()
    // The grant is used: the second time, nothing.
    await expectRefusal((await enrol(second.device, second.token)).response, 403, EMBEDDED_TEXTS.notEnrolled)
  })

  it('a grant not used in time is gone; a fresh code grants the device one enrolment', async () => {
    const { device, token, email } = await userWithWallet()
    const late = await onNewDevice(email)
    offset += ENROLMENT_TTL_MS + 1000
    await expectRefusal((await enrol(late.device, late.token)).response, 403, EMBEDDED_TEXTS.notEnrolled)

    offset += 31_000
    const after = Date.now()
    expect((await send(device, 'POST', '/v1/embedded/reauth', { token })).status).toBe(200)
    const otp = await waitForCode(mailbox, email, { after })
    expect((await send(device, 'POST', '/v1/embedded/reauth/verify', { token, body: { otp } })).status).toBe(
      200,
    )
    expect((await enrol(device, token)).response.status).toBe(200)
    await expectRefusal((await enrol(device, token)).response, 403, EMBEDDED_TEXTS.notEnrolled)
  })
})

describe('a session stays with its project', () => {
  it('another project with the same session and device is refused and reads no e-mail or address', async () => {
    const { device, token, email } = await userWithWallet()
    for (const [method, route] of [
      ['GET', '/v1/embedded/session'],
      ['GET', '/v1/embedded/shares'],
      ['POST', '/v1/embedded/session/revoke'],
    ] as const) {
      const response = await send(device, method, route, { token, project: OTHER_PROJECT })
      const text = await response.text()
      expect(response.status).toBe(401)
      expect(JSON.parse(text)).toEqual({ code: 'unauthorized', message: EMBEDDED_TEXTS.sessionNotLive })
      expect(text).not.toContain(email)
      expect(text.toLowerCase()).not.toContain(SHARES.address.toLowerCase())
    }
    // Still the session of its own project.
    const own = await send(device, 'GET', '/v1/embedded/session', { token })
    expect(await own.json()).toMatchObject({ user: { email, address: SHARES.address } })
    // And a session made for the other project is refused here.
    const theirs = await verify(device, newEmail(), newDeviceId(), OTHER_PROJECT)
    await expectRefusal(
      await send(device, 'GET', '/v1/embedded/session', { token: theirs }),
      401,
      EMBEDDED_TEXTS.sessionNotLive,
    )
    expect(
      (await send(device, 'GET', '/v1/embedded/session', { token: theirs, project: OTHER_PROJECT })).status,
    ).toBe(200)
  })
})
