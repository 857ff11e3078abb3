import { EMBEDDED_TEXTS, ERROR_CODES } from '@allaccess/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type EnrolmentDriver, enrolmentDriver } from '../test-support/enrolment.js'
import { PENDING_ENROLMENTS_MAX } from './limits.js'
import { sha256 } from './secrets.js'

/**
 * New-device approval's design gaps closed (issue 25): the approver is told which site and project the new device
 * signed in on; a wallet has a bound on new devices waiting at once; sign out everywhere de-enrols the other keys.
 */
let cloud: TestCloud
let d: EnrolmentDriver
const SHOP = 'approval-design-shop'
const SHOP_SITE = 'https://shop.example'
beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000' })
  await cloud.services.projects.create({
    ...LOCAL_PROJECT,
    id: SHOP,
    name: 'Shop',
    allowedOrigins: [SHOP_SITE],
  })
  d = enrolmentDriver(cloud, Date.now)
})
afterAll(() => cloud?.close())

const body = async (response: Response) => (await response.json()) as { code: string; message: string }

describe('the approving device is told where the new device signed in', () => {
  it('names the site its frame is embedded in and the project, each as the cloud checked it', async () => {
    const { a, subject } = await d.walletAndNewDevice()
    const shop = await d.identitySignIn(subject, SHOP)
    const asked = await d.send(shop.device, 'POST', '/v1/embedded/device/enrolment', shop.token, {
      body: { site: SHOP_SITE },
      project: SHOP,
    })
    expect(asked.status, await asked.clone().text()).toBe(200)
    const listed = await d.listed(a.device, a.token)
    expect(listed.map(({ site, project }) => ({ site, project }))).toContainEqual({
      site: SHOP_SITE,
      project: 'Shop',
    })
  })

  it('a site the project does not allow is refused (403), and a device that names none is shown as such', async () => {
    const { a, b } = await d.walletAndNewDevice()
    for (const site of ['https://phish.example', SHOP_SITE]) {
      const refused = await d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, {
        body: { site },
      })
      expect(refused.status, site).toBe(403)
      expect((await body(refused)).code).toBe(ERROR_CODES.originNotAllowed)
    }
    for (const site of ['javascript:alert(1)', 'https://shop.example/path', '', 'x'.repeat(300)]) {
      const bad = await d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { body: { site } })
      expect(bad.status, site).toBe(400)
    }
    expect(await d.listed(a.device, a.token)).toEqual([])
    await d.status(b.device, b.token)
    const [listed] = await d.listed(a.device, a.token)
    expect(listed).toMatchObject({ site: null, project: 'All-Access Pass (local)' })
  })
})

describe('request fatigue', () => {
  it(`at most ${PENDING_ENROLMENTS_MAX} new devices wait at once; one more is refused with a clear 429, also when they ask at once`, async () => {
    expect(PENDING_ENROLMENTS_MAX).toBe(3)
    expect(EMBEDDED_TEXTS.tooManyNewDevices).toBe(
      'Too many new devices are waiting for this wallet. Approve or refuse them on a device where you use this wallet, then try again.',
    )
    const { a, b, subject } = await d.walletAndNewDevice()
    await d.status(b.device, b.token)
    const others = await Promise.all(Array.from({ length: 5 }, () => d.identitySignIn(subject)))
    const answers = await Promise.all(
      others.map((other) =>
        d.send(other.device, 'POST', '/v1/embedded/device/enrolment', other.token, { body: {} }),
      ),
    )
    const codes = answers.map((response) => response.status).sort()
    expect(codes).toEqual([200, 200, 429, 429, 429])
    const refusal = await body(answers.find((response) => response.status === 429) as Response)
    expect(refusal).toEqual({ code: ERROR_CODES.tooManyRequests, message: EMBEDDED_TEXTS.tooManyNewDevices })
    const waiting = await d.listed(a.device, a.token)
    expect(waiting).toHaveLength(PENDING_ENROLMENTS_MAX)

    // A recovery asked past the bound is refused too; a refusal on the approver frees a place.
    const late = others[answers.findIndex((response) => response.status === 429)]
    if (!late) throw new Error('no refused device')
    expect((await d.recover(late.device, late.token)).status).toBe(429)
    expect((await d.answer(a.device, a.token, waiting[0]?.id ?? '', false)).status).toBe(200)
    expect(await d.status(late.device, late.token)).toEqual({ status: 'pending', recoverAt: null })
    // A device already waiting keeps its place: asking again is no new request.
    expect(await d.status(late.device, late.token)).toEqual({ status: 'pending', recoverAt: null })
  })
})

describe('sign out everywhere', () => {
  it('de-enrols the other devices’ keys: they approve nothing and re-enrol by no re-authentication', async () => {
    const { a, b, subject } = await d.approvedNewDevice()
    expect((await d.enrol(b.device, b.token)).response.status).toBe(200)

    // B signs out everywhere; A's key no longer holds the wallet, B's still does.
    expect(
      (await d.send(b.device, 'POST', '/v1/embedded/session/revoke-all', b.token, { body: {} })).status,
    ).toBe(200)
    const aAgain = (await d.identitySignIn(subject, LOCAL_PROJECT.id, a.device)).token
    const bAgain = (await d.identitySignIn(subject, LOCAL_PROJECT.id, b.device)).token
    const c = await d.identitySignIn(subject)
    await d.status(c.device, c.token)
    expect(await d.listed(a.device, aAgain)).toEqual([])
    const [forC] = await d.listed(b.device, bAgain)
    const refused = await d.answer(a.device, aAgain, forC?.id ?? '', true)
    expect(refused.status).toBe(403)
    expect((await body(refused)).message).toBe(EMBEDDED_TEXTS.notAnApprover)
    await cloud.services.embedded.makeFresh(sha256(aAgain))
    expect((await d.enrol(a.device, aAgain)).response.status).toBe(403)
    await cloud.services.embedded.makeFresh(sha256(bAgain))
    expect((await d.enrol(b.device, bAgain)).response.status).toBe(200)

    // A is approved again by B, as any new device: then it holds the wallet again.
    await d.status(a.device, aAgain)
    const forA = (await d.listed(b.device, bAgain)).find((device) => device.id !== forC?.id)
    expect((await d.answer(b.device, bAgain, forA?.id ?? '', true)).status).toBe(200)
    expect((await d.enrol(a.device, aAgain)).response.status).toBe(200)
    expect(await d.listed(a.device, aAgain)).toHaveLength(1)
  })
})
