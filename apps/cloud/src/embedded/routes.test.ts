// Over 350 lines on purpose: one cloud (and its mailbox) serves every case of the e-mail routes; a split file
// would start its own.
import { randomBytes } from 'node:crypto'
import { EMBEDDED_TEXTS, newEnrolmentKey } from '@allaccess/protocol'
import { readMailbox, waitForCode, waitForLink } from '@allaccess/testkit/mailbox'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type TestDevice, testDevice } from '../test-support/device.js'
import { CODE_TTL_MS, DEVICE_APPROVAL_TTL_MS, FRESH_TTL_MS } from './limits.js'
import * as tables from './tables.js'

let cloud: TestCloud
let mailbox: string
let offset = 0
/** The frame's device key, signing every request at the cloud's clock. */
let device: TestDevice

beforeAll(async () => {
  device = await testDevice(() => Date.now() + offset)
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000' })
  mailbox = cloud.mailboxUrl ?? ''
  cloud.services.embedded.now = () => Date.now() + offset
})
afterAll(() => cloud?.close())
beforeEach(() => {
  offset = 0
})

/** Steps the cloud's clock forward (past throttles and expiries). */
const advance = (ms: number) => {
  offset += ms
}
const newEmail = () => `user-${randomBytes(5).toString('hex')}@example.com`
const newDevice = () => randomBytes(16).toString('hex')
/** A request as the frame sends it: signed by `device`'s key, with the session token if any. */
const signed = async (method: string, path: string, token?: string) => ({
  headers: await device.headers(method, `${path}?${LOCAL_QUERY}`, token),
})
const post = async (path: string, body: unknown, token?: string) =>
  cloud.post(`${path}?${LOCAL_QUERY}`, body, await signed('POST', path, token))
const get = async (path: string, token?: string) =>
  cloud.get(`${path}?${LOCAL_QUERY}`, await signed('GET', path, token))
const put = async (path: string, body: unknown, token: string) =>
  cloud.post(`${path}?${LOCAL_QUERY}`, body, { method: 'PUT', ...(await signed('PUT', path, token)) })

async function connect(email: string, deviceId: string, token?: string): Promise<string> {
  const response = await post('/v1/embedded/email/connect', { email, deviceId }, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return ((await response.json()) as { action: string }).action
}

/** A new user signed in on `deviceId` through the real mailbox: the session token. */
async function signIn(email: string, deviceId = newDevice()): Promise<string> {
  const after = Date.now()
  expect(await connect(email, deviceId)).toBe('VERIFY_OTP')
  const otp = await waitForCode(mailbox, email, { after })
  const response = await post('/v1/embedded/email/verify', { email, deviceId, otp })
  expect(response.status).toBe(200)
  return ((await response.json()) as { sessionToken: string }).sessionToken
}

async function expectRefusal(response: Response, status: number, code: string, message: string | RegExp) {
  expect(response.status).toBe(status)
  const body = (await response.json()) as { code: string; message: string }
  expect(body.code).toBe(code)
  if (typeof message === 'string') expect(body.message).toBe(message)
  else expect(body.message).toMatch(message)
}

describe('e-mail connect and codes', () => {
  it('signs a new user in with the code from the mailbox: VERIFY_OTP, a session, then CONNECT', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    const after = Date.now()
    expect(await connect(email.toUpperCase(), deviceId)).toBe('VERIFY_OTP')
    const otp = await waitForCode(mailbox, email, { after })
    const [mail] = await readMailbox(mailbox, email)
    expect(otp).toMatch(/^\d{6}$/)
    expect(mail?.subject).toBe('Your sign-in code')
    expect(mail?.subject).not.toContain(otp)
    expect(mail?.html).toContain(otp)
    expect(mail?.text).toContain('10 minutes')

    const verified = await post('/v1/embedded/email/verify', { email, deviceId, otp })
    expect(verified.status).toBe(200)
    const { sessionToken, user } = (await verified.json()) as { sessionToken: string; user: unknown }
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(user).toEqual({ email, address: null, provider: null, username: null })

    const session = await get('/v1/embedded/session', sessionToken)
    expect(await session.json()).toMatchObject({ user: { email, address: null }, freshUntil: null })

    // A live session of this e-mail on this device: nothing is sent.
    const before = (await readMailbox(mailbox, email)).length
    expect(await connect(email, deviceId, sessionToken)).toBe('CONNECT')
    expect((await readMailbox(mailbox, email)).length).toBe(before)
    // The token is bound to its device: on another one, a code again (and then the approval, sign-in-safety.test.ts).
    advance(31_000)
    expect(await connect(email, newDevice(), sessionToken)).toBe('VERIFY_OTP')
    // Single use: the same code again is refused.
    await expectRefusal(
      await post('/v1/embedded/email/verify', { email, deviceId, otp }),
      400,
      'expired_code',
      EMBEDDED_TEXTS.expiredCode,
    )
    // The known device, without a session: a code again (once the throttle passed).
    advance(31_000)
    expect(await connect(email, deviceId)).toBe('VERIFY_OTP')
  })

  it('refuses an invalid e-mail and a malformed device or code with a clear 400', async () => {
    for (const email of ['not-an-email', 'a@', '@b.c', `${'a'.repeat(250)}@b.co`]) {
      const response = await post('/v1/embedded/email/connect', { email, deviceId: newDevice() })
      await expectRefusal(response, 400, 'bad_request', /^body\/email must be /)
    }
    await expectRefusal(
      await post('/v1/embedded/email/connect', { email: newEmail(), deviceId: 'short' }),
      400,
      'bad_request',
      /^body\/deviceId must be /,
    )
    await expectRefusal(
      await post('/v1/embedded/email/verify', { email: newEmail(), deviceId: newDevice(), otp: '12345' }),
      400,
      'bad_request',
      'body/otp must be 6 digits',
    )
  })

  it('kills a code after 5 wrong tries: the right code no longer works', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    const after = Date.now()
    await connect(email, deviceId)
    const otp = await waitForCode(mailbox, email, { after })
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++)
      await expectRefusal(
        await post('/v1/embedded/email/verify', { email, deviceId, otp: wrong }),
        400,
        'wrong_code',
        EMBEDDED_TEXTS.wrongCode,
      )
    await expectRefusal(
      await post('/v1/embedded/email/verify', { email, deviceId, otp: wrong }),
      400,
      'dead_code',
      EMBEDDED_TEXTS.deadCode,
    )
    await expectRefusal(
      await post('/v1/embedded/email/verify', { email, deviceId, otp }),
      400,
      'dead_code',
      EMBEDDED_TEXTS.deadCode,
    )
    // A new code (after the throttle) works again.
    advance(30_000)
    const again = Date.now()
    await connect(email, deviceId)
    const fresh = await waitForCode(mailbox, email, { after: again })
    expect((await post('/v1/embedded/email/verify', { email, deviceId, otp: fresh })).status).toBe(200)
  })

  it('expires a code after 10 minutes, and a code only works on the device it was sent for', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    const after = Date.now()
    await connect(email, deviceId)
    const otp = await waitForCode(mailbox, email, { after })
    await expectRefusal(
      await post('/v1/embedded/email/verify', { email, deviceId: newDevice(), otp }),
      400,
      'expired_code',
      EMBEDDED_TEXTS.expiredCode,
    )
    advance(CODE_TTL_MS)
    await expectRefusal(
      await post('/v1/embedded/email/verify', { email, deviceId, otp }),
      400,
      'expired_code',
      EMBEDDED_TEXTS.expiredCode,
    )
  })

  it('throttles code e-mails to one per address per 30 s with the real remaining seconds', async () => {
    const email = newEmail()
    const fixed = Date.now()
    cloud.services.embedded.now = () => fixed
    try {
      await connect(email, newDevice())
      cloud.services.embedded.now = () => fixed + 12_500
      const refused = await post('/v1/embedded/email/connect', { email, deviceId: newDevice() })
      await expectRefusal(refused, 429, 'too_many_requests', 'Please try again after 18 seconds')
      expect(refused.headers.get('retry-after')).toBe('18')
      cloud.services.embedded.now = () => fixed + 29_001
      await expectRefusal(
        await post('/v1/embedded/email/connect', { email, deviceId: newDevice() }),
        429,
        'too_many_requests',
        'Please try again after 1 seconds',
      )
      cloud.services.embedded.now = () => fixed + 30_000
      expect(await connect(email, newDevice())).toBe('VERIFY_OTP')
    } finally {
      cloud.services.embedded.now = () => Date.now() + offset
    }
  })
})

describe('a new device', () => {
  it('an approval link expires', async () => {
    const email = newEmail()
    await signIn(email)
    advance(31_000)
    const deviceId = newDevice()
    const after = Date.now()
    expect(await connect(email, deviceId)).toBe('VERIFY_OTP')
    const otp = await waitForCode(mailbox, email, { after })
    const verified = await post('/v1/embedded/email/verify', { email, deviceId, otp })
    expect(await verified.json()).toMatchObject({ action: 'VERIFY_DEVICE' })
    const link = await waitForLink(mailbox, email, { after })
    advance(DEVICE_APPROVAL_TTL_MS)
    expect(await (await fetch(link)).text()).toContain(`<h1>${EMBEDDED_TEXTS.deviceNotApproved}</h1>`)
    expect(await (await fetch(link, { method: 'POST' })).text()).toContain(
      `<h1>${EMBEDDED_TEXTS.deviceNotApproved}</h1>`,
    )
    expect(await (await fetch(`${cloud.url}/v1/embedded/device/approve?token=nope`)).text()).toContain(
      EMBEDDED_TEXTS.deviceNotApproved,
    )
  })
})

describe('sessions and shares', () => {
  it('revokes the caller’s session: 401 after, and connect no longer answers CONNECT', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    const token = await signIn(email, deviceId)
    await expectRefusal(await get('/v1/embedded/session'), 401, 'unauthorized', EMBEDDED_TEXTS.sessionNotLive)
    await expectRefusal(
      await get('/v1/embedded/session', 'x'.repeat(43)),
      401,
      'unauthorized',
      EMBEDDED_TEXTS.sessionNotLive,
    )
    expect((await post('/v1/embedded/session/revoke', {}, token)).status).toBe(200)
    await expectRefusal(
      await get('/v1/embedded/session', token),
      401,
      'unauthorized',
      EMBEDDED_TEXTS.sessionNotLive,
    )
    advance(31_000)
    expect(await connect(email, deviceId, token)).toBe('VERIFY_OTP')
  })

  it('stores the shares once (409 on replace) and gives the auth share only to a live session; the recovery share is encrypted at rest', async () => {
    const email = newEmail()
    const token = await signIn(email)
    const shares = {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      authShare: `0801${randomBytes(33).toString('hex')}`,
      recoveryShare: `0802${randomBytes(33).toString('hex')}`,
    }
    await expectRefusal(await get('/v1/embedded/shares'), 401, 'unauthorized', EMBEDDED_TEXTS.sessionNotLive)
    // A new user's wallet is not made yet: an answer that says so, not a 404 in the frame's console.
    const none = await get('/v1/embedded/shares', token)
    expect(none.status).toBe(200)
    expect(await none.json()).toEqual({ address: null })
    await expectRefusal(
      await put('/v1/embedded/shares', { ...shares, recoveryShare: 'a'.repeat(1025) }, token),
      400,
      'bad_request',
      'body/recoveryShare must be 1 to 1024 hex or base64 characters',
    )
    const stored = await put('/v1/embedded/shares', shares, token)
    expect(await stored.json()).toEqual({ address: shares.address })
    // The device that made the wallet holds its own share: the auth share only, and no enrolment.
    expect(await (await get('/v1/embedded/shares', token)).json()).toEqual({
      address: shares.address,
      authShare: shares.authShare,
    })
    const { enrolKey } = await newEnrolmentKey()
    await expectRefusal(
      await post('/v1/embedded/shares/enrol', { enrolKey }, token),
      403,
      'forbidden',
      EMBEDDED_TEXTS.notEnrolled,
    )
    await expectRefusal(
      await put('/v1/embedded/shares', { ...shares, address: `0x${'11'.repeat(20)}` }, token),
      409,
      'conflict',
      EMBEDDED_TEXTS.walletExists,
    )
    expect(await (await get('/v1/embedded/session', token)).json()).toMatchObject({
      user: { email, address: shares.address },
    })

    // What a stolen database holds: no recovery share, no code, no session token in the clear.
    const db = cloud.services.database.db
    const dump = JSON.stringify(
      await Promise.all([
        db.select().from(tables.embeddedUsers),
        db.select().from(tables.embeddedCodes),
        db.select().from(tables.embeddedSessions),
        db.select().from(tables.embeddedDeviceApprovals),
      ]),
      (_key, value) =>
        value && value.type === 'Buffer' ? Buffer.from(value.data).toString('latin1') : (value as unknown),
    )
    expect(dump).toContain(shares.authShare)
    expect(dump).not.toContain(shares.recoveryShare)
    expect(dump).not.toContain(Buffer.from(shares.recoveryShare).toString('base64'))
    expect(dump).not.toContain(Buffer.from(shares.recoveryShare, 'hex').toString('latin1'))
    expect(dump).not.toContain(token)
  })
})

describe('e-mail update and reauth', () => {
  it('changes the e-mail after a code to the current address and one to the new address', async () => {
    const email = newEmail()
    const token = await signIn(email)
    const next = newEmail()
    advance(31_000)
    const after = Date.now()
    const started = await post('/v1/embedded/email/update', { newEmail: next }, token)
    expect(await started.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await waitForCode(mailbox, email, { after })
    expect((await readMailbox(mailbox, next)).length).toBe(0)
    await expectRefusal(
      await post('/v1/embedded/email/update/verify-secondary', { otp: primary }, token),
      400,
      'expired_code',
      EMBEDDED_TEXTS.expiredCode,
    )
    const step2 = await post('/v1/embedded/email/update/verify-primary', { otp: primary }, token)
    expect(await step2.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await waitForCode(mailbox, next, { after })
    const done = await post('/v1/embedded/email/update/verify-secondary', { otp: secondary }, token)
    expect(await done.json()).toEqual({
      user: { email: next, address: null, provider: null, username: null },
    })
    expect(await (await get('/v1/embedded/session', token)).json()).toMatchObject({ user: { email: next } })
  })

  it('answers an update to a taken address as to a free one, and tells the truth only to its inbox', async () => {
    const taken = newEmail()
    await signIn(taken)
    const free = newEmail()
    const answers: unknown[] = []
    for (const next of [taken.toUpperCase(), free]) {
      const email = newEmail()
      const token = await signIn(email)
      advance(31_000)
      const after = Date.now()
      const started = await post('/v1/embedded/email/update', { newEmail: next }, token)
      const primary = await waitForCode(mailbox, email, { after })
      const verified = await post('/v1/embedded/email/update/verify-primary', { otp: primary }, token)
      answers.push([started.status, await started.json(), verified.status, await verified.json()])
    }
    // Alike, taken or free: VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP.
    expect(answers[0]).toEqual(answers[1])
    expect(answers[1]).toEqual([
      200,
      { action: 'VERIFY_PRIMARY_OTP' },
      200,
      { action: 'VERIFY_SECONDARY_OTP' },
    ])
    // The taken address is told, and gets no code that could move it; the free one gets its code.
    const [notice] = await readMailbox(mailbox, taken)
    expect(notice?.subject).toBe('This address already has a wallet')
    expect(notice?.text).not.toMatch(/\b\d{6}\b/)
    expect((await readMailbox(mailbox, free))[0]?.subject).toBe('Confirm your new e-mail address')
  })

  it('refuses the current e-mail, and a primary code with no update started', async () => {
    const email = newEmail()
    const token = await signIn(email)
    await expectRefusal(
      await post('/v1/embedded/email/update', { newEmail: email }, token),
      400,
      'bad_request',
      EMBEDDED_TEXTS.sameEmail,
    )
    await expectRefusal(
      await post('/v1/embedded/email/update/verify-primary', { otp: '123456' }, token),
      400,
      'bad_request',
      EMBEDDED_TEXTS.noEmailUpdate,
    )
  })

  it('a reauth code makes the session fresh for a few minutes', async () => {
    const email = newEmail()
    const token = await signIn(email)
    advance(31_000)
    const after = Date.now()
    expect(await (await post('/v1/embedded/reauth', {}, token)).json()).toEqual({ action: 'VERIFY_OTP' })
    const otp = await waitForCode(mailbox, email, { after })
    const verified = await post('/v1/embedded/reauth/verify', { otp }, token)
    const { freshUntil } = (await verified.json()) as { freshUntil: number }
    const now = cloud.services.embedded.now()
    expect(freshUntil).toBeGreaterThan(now + FRESH_TTL_MS - 5000)
    expect(freshUntil).toBeLessThanOrEqual(now + FRESH_TTL_MS)
    expect(await (await get('/v1/embedded/session', token)).json()).toMatchObject({ freshUntil })
    advance(FRESH_TTL_MS)
    expect(await (await get('/v1/embedded/session', token)).json()).toMatchObject({ freshUntil: null })
  })
})

describe('limits', () => {
  let limited: TestCloud
  beforeAll(async () => {
    limited = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '2', EMBEDDED_DEVICE_WAIT_MS: '300' })
  })
  afterAll(() => limited?.close())

  it('limits the e-mails one client address causes, with the throttle text', async () => {
    const fixed = Date.now()
    limited.services.embedded.now = () => fixed
    const send = async (email: string) =>
      limited.post(
        `/v1/embedded/email/connect?${LOCAL_QUERY}`,
        { email, deviceId: newDevice() },
        await signed('POST', '/v1/embedded/email/connect'),
      )
    expect((await send(newEmail())).status).toBe(200)
    expect((await send(newEmail())).status).toBe(200)
    const refused = await send(newEmail())
    expect(refused.status).toBe(429)
    expect(await messageOf(refused)).toBe('Please try again after 3600 seconds')
    expect(refused.headers.get('retry-after')).toBe('3600')
  })

  it('an SMTP server that refuses answers 503, and leaves neither a code nor a throttle behind', async () => {
    const down = await startTestCloud({ SMTP_URL: 'smtp://127.0.0.1:1', MAILBOX: '0' })
    try {
      expect(down.services.mailbox).toBeUndefined()
      expect((await down.get('/mailbox/messages')).status).toBe(404)
      const email = newEmail()
      for (let i = 0; i < 2; i++) {
        const response = await down.post(
          `/v1/embedded/email/connect?${LOCAL_QUERY}`,
          { email, deviceId: newDevice() },
          await signed('POST', '/v1/embedded/email/connect'),
        )
        expect(response.status).toBe(503)
        expect(await response.json()).toEqual({
          code: 'upstream_unavailable',
          message: 'The e-mail could not be sent. Try again later.',
        })
      }
      expect(await down.services.database.db.select().from(tables.embeddedCodes)).toEqual([])
    } finally {
      await down.close()
    }
  })

  it('a wait answers { approved: false } after its bound', async () => {
    const started = performance.now()
    const response = await limited.post(
      `/v1/embedded/device/wait?${LOCAL_QUERY}`,
      { deviceId: newDevice(), ticket: 'x'.repeat(43) },
      await signed('POST', '/v1/embedded/device/wait'),
    )
    expect(await response.json()).toEqual({ approved: false })
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })
})
