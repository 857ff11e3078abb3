import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { readMailbox, waitForCode } from '@allaccess/testkit/mailbox'
import { getAddress } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { testDevice } from '../test-support/device.js'
import { embeddedClient, newDevice, newEmail } from '../test-support/embedded.js'
import { APPROVAL_LABELS } from './approval-page.js'
import { describeNetwork, describeUserAgent } from './device-description.js'
import { CODES_PER_EMAIL_PER_DAY, EMAIL_DAY_MS } from './limits.js'

/** Issue 25 §9: what an e-mail sign-in tells, limits and sessions. The cloud keeps its default per-address cap. */
let cloud: TestCloud
let client: ReturnType<typeof embeddedClient>
let offset = 0
beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_DEVICE_WAIT_MS: '300' })
  // The device signs by the cloud's clock, which the limit tests stop and step.
  client = embeddedClient(cloud, await testDevice(() => cloud.services.embedded.now()))
  cloud.services.embedded.now = () => Date.now() + offset
})
afterAll(() => cloud?.close())
afterEach(() => {
  cloud.services.embedded.now = () => Date.now() + offset
})
/** Steps the cloud's clock past the 30 s between code e-mails. */
const pastThrottle = () => {
  offset += 31_000
}

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** A known user (a wallet stored) and a second device's session, through the approval: both tokens. */
async function twoDevices(email: string) {
  const first = await client.signIn(email)
  pastThrottle()
  const deviceId = newDevice()
  const { ticket, link } = await client.askApproval(email, deviceId)
  expect((await client.approve(link)).status).toBe(200)
  const { sessionToken } = await client.json(await client.wait(deviceId, ticket))
  return { first, second: sessionToken as string }
}

describe('account enumeration', () => {
  it("connect answers a known and an unknown address alike; a known user's new device learns of its approval only after the code", async () => {
    const known = newEmail()
    await client.signIn(known)
    pastThrottle()
    const after = Date.now()
    const answers = await Promise.all(
      [known, newEmail()].map((email) =>
        client.post('/v1/embedded/email/connect', { email, deviceId: newDevice() }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([
      { action: 'VERIFY_OTP' },
      { action: 'VERIFY_OTP' },
    ])
    // The known address was sent a code like any other, not a link.
    const [mail] = await readMailbox(client.mailbox, known)
    expect(Date.parse(mail?.date ?? '')).toBeGreaterThanOrEqual(after - 1000)
    expect(mail?.subject).toBe('Your sign-in code')
    expect(mail?.text).not.toMatch(/https?:\/\//)
  })
})

describe('a new device', () => {
  it('the approval gives the waiting device its session, once, and only with its ticket; the same wallet', async () => {
    const email = newEmail()
    const first = await client.signIn(email)
    const shares = {
      address: `0x${'ab'.repeat(20)}`,
      authShare: 'a1'.repeat(40),
      recoveryShare: 'b2'.repeat(40),
    }
    const stored = await client.put('/v1/embedded/shares', shares, first)
    expect(stored.status).toBe(200)
    pastThrottle()
    const deviceId = newDevice()
    const { ticket, link } = await client.askApproval(email, deviceId)
    // Before the approval, and with another device or ticket: nothing.
    expect(await client.json(await client.wait(deviceId, ticket))).toEqual({ approved: false })
    expect((await client.approve(link)).status).toBe(200)
    expect(await client.json(await client.wait(newDevice(), ticket))).toEqual({ approved: false })
    expect(await client.json(await client.wait(deviceId, 'x'.repeat(43)))).toEqual({ approved: false })
    const claimed = await client.json(await client.wait(deviceId, ticket))
    expect(claimed).toEqual({
      approved: true,
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { email, address: getAddress(shares.address), provider: null, username: null },
    })
    expect((await client.get('/v1/embedded/shares', claimed.sessionToken as string)).status).toBe(200)
    // Once: the ticket is spent, and the link too.
    expect(await client.json(await client.wait(deviceId, ticket))).toEqual({ approved: false })
    expect(await (await fetch(link)).text()).toContain(EMBEDDED_TEXTS.deviceNotApproved)
    // The device is known now: its next code signs it in.
    pastThrottle()
    expect(await client.codeVerified(email, deviceId)).toMatchObject({ sessionToken: expect.any(String) })
  })

  it('the approval page names the device, browser, network and time, and no page may frame it', async () => {
    const email = newEmail()
    await client.signIn(email)
    pastThrottle()
    const { link } = await client.askApproval(email, newDevice(), { 'user-agent': CHROME_ON_MAC })
    const asked = cloud.services.embedded.now()
    const page = await fetch(link)
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await page.text()
    expect(html).toContain(`<h1>${EMBEDDED_TEXTS.approveDevice}</h1>`)
    const row = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`
    expect(html).toContain(row(APPROVAL_LABELS.device, 'Mac'))
    expect(html).toContain(row(APPROVAL_LABELS.browser, 'Chrome 131'))
    expect(html).toContain(row(APPROVAL_LABELS.place, 'This computer (a loopback address)'))
    const minute = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    expect(
      [minute(asked), minute(asked - 60_000)].some((time) => html.includes(row(APPROVAL_LABELS.time, time))),
    ).toBe(true)
    // The answer pages too.
    const approved = await client.approve(link)
    expect(approved.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('says what a user agent and an address tell, and no more', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ device: 'Windows computer', browser: 'Firefox 133' })
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'iPhone', browser: 'Safari 18' })
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ device: 'Windows computer', browser: 'Edge 131' })
    expect(describeUserAgent(null)).toEqual({ device: 'Unknown', browser: 'Unknown' })
    expect(describeNetwork('203.0.113.77')).toBe(
      "Network 203.0.113.0/24 (from the device's address; no location lookup)",
    )
    expect(describeNetwork('::ffff:198.51.100.4')).toBe(
      "Network 198.51.100.0/24 (from the device's address; no location lookup)",
    )
    expect(describeNetwork('2001:db8:abcd:12::1')).toBe(
      "Network 2001:db8:abcd::/48 (from the device's address; no location lookup)",
    )
    expect(describeNetwork('10.1.2.3')).toBe(
      'A private network (10.1.2.0/24); its public address is not known',
    )
    expect(describeNetwork('::1')).toBe('This computer (a loopback address)')
  })
})

describe('sessions', () => {
  it("sign out everywhere ends every session of the user on every device, and no one else's", async () => {
    const email = newEmail()
    const { first, second } = await twoDevices(email)
    const someoneElse = await client.signIn(newEmail())
    expect((await client.post('/v1/embedded/session/revoke-all', {})).status).toBe(401)
    expect(await client.json(await client.post('/v1/embedded/session/revoke-all', {}, second))).toEqual({
      revoked: true,
    })
    for (const token of [first, second])
      expect(await messageOf(await client.get('/v1/embedded/session', token))).toBe(
        EMBEDDED_TEXTS.sessionNotLive,
      )
    expect((await client.get('/v1/embedded/session', someoneElse)).status).toBe(200)
  })

  it('sign out everywhere also ends the device approvals not yet collected: an approved link and a pending one sign no one in', async () => {
    const email = newEmail()
    const first = await client.signIn(email)
    // An intruder's device verified a code: one link approved but not collected yet, another not approved yet.
    pastThrottle()
    const approvedDevice = newDevice()
    const approved = await client.askApproval(email, approvedDevice)
    expect((await client.approve(approved.link)).status).toBe(200)
    pastThrottle()
    const pendingDevice = newDevice()
    const pending = await client.askApproval(email, pendingDevice)
    await client.json(await client.post('/v1/embedded/session/revoke-all', {}, first))
    expect(await client.json(await client.wait(approvedDevice, approved.ticket))).toEqual({ approved: false })
    expect(await (await client.approve(pending.link)).text()).toContain(EMBEDDED_TEXTS.deviceNotApproved)
    expect(await client.json(await client.wait(pendingDevice, pending.ticket))).toEqual({ approved: false })
  })

  it('an e-mail change ends the other sessions; the one that changed it goes on', async () => {
    const email = newEmail()
    const { first, second } = await twoDevices(email)
    const next = newEmail()
    pastThrottle()
    let after = Date.now()
    await client.json(await client.post('/v1/embedded/email/update', { newEmail: next }, first))
    const primary = await waitForCode(client.mailbox, email, { after })
    after = Date.now()
    await client.json(await client.post('/v1/embedded/email/update/verify-primary', { otp: primary }, first))
    const secondary = await waitForCode(client.mailbox, next, { after })
    // Still live until the change is made.
    expect((await client.get('/v1/embedded/session', second)).status).toBe(200)
    await client.json(
      await client.post('/v1/embedded/email/update/verify-secondary', { otp: secondary }, first),
    )
    expect(await messageOf(await client.get('/v1/embedded/session', second))).toBe(
      EMBEDDED_TEXTS.sessionNotLive,
    )
    expect(await client.json(await client.get('/v1/embedded/session', first))).toMatchObject({
      user: { email: next },
    })
  })
})

describe('limits per e-mail address', () => {
  /** The cloud's clock stopped at `at` ms after the test's start. */
  const clockAt = (start: number) => (at: number) => {
    cloud.services.embedded.now = () => start + at
  }
  const connectAt = async (email: string) =>
    client.post('/v1/embedded/email/connect', { email, deviceId: newDevice() })

  it('codes to one address: 30 s apart for the first three, then the wait doubles; 10 a day', async () => {
    const email = newEmail()
    const at = clockAt(Date.now() + offset)
    const s = 1000
    // The sends of the day and the wait before each: 30 s three times, then 60, 120, 240, … (6 min in all).
    const sends = [0, 30, 60, 90, 150, 270, 510, 990, 1950, 3870].map((seconds) => seconds * s)
    expect(sends).toHaveLength(CODES_PER_EMAIL_PER_DAY)
    for (const [index, sendAt] of sends.entries()) {
      if (index > 0) {
        at(sendAt - 1000)
        expect(await messageOf(await connectAt(email)), `before send ${index + 1}`).toBe(
          'Please try again after 1 seconds',
        )
      }
      at(sendAt)
      expect((await connectAt(email)).status, `send ${index + 1}`).toBe(200)
    }
    // The 11th waits for the end of the address's day, however long after the 10th.
    at((sends[9] as number) + 2 * 3600 * s)
    const refused = await connectAt(email)
    expect(refused.status).toBe(429)
    expect(await messageOf(refused)).toBe(
      `Please try again after ${(EMAIL_DAY_MS - (sends[9] as number) - 2 * 3600 * s) / s} seconds`,
    )
    at(EMAIL_DAY_MS)
    expect((await connectAt(email)).status).toBe(200)
  })

  it("15 wrong codes in a day shut out the device key that made them, never the address: the user's own device still gets its code", async () => {
    const email = newEmail()
    const at = clockAt(Date.now() + offset)
    for (let code = 0; code < 3; code++) {
      at(code * 30_000)
      const deviceId = newDevice()
      expect(await client.connect(email, deviceId)).toBe('VERIFY_OTP')
      for (let tries = 0; tries < 5; tries++)
        expect(
          (await client.post('/v1/embedded/email/verify', { email, deviceId, otp: '000000' })).status,
        ).toBe(400)
    }
    at(90_000)
    expect(await messageOf(await connectAt(email))).toBe(
      `Please try again after ${(EMAIL_DAY_MS - 90_000) / 1000} seconds`,
    )
    // The user's own device (another key) is not held to the guesser's failures.
    const own = embeddedClient(cloud, await testDevice(() => cloud.services.embedded.now()))
    const deviceId = newDevice()
    const after = Date.now()
    expect(await own.connect(email, deviceId)).toBe('VERIFY_OTP')
    const otp = await waitForCode(cloud.mailboxUrl ?? '', email, { after })
    expect((await own.post('/v1/embedded/email/verify', { email, deviceId, otp })).status).toBe(200)
  })

  it('one client address (an office) is not held to 20 e-mails an hour: 25 addresses all get their code', async () => {
    const statuses = []
    for (let i = 0; i < 25; i++) statuses.push((await connectAt(newEmail())).status)
    expect(statuses).toEqual(Array(25).fill(200))
  })
})
