import { DEVICE_PROOF_WINDOW_MS, EMBEDDED_TEXTS, RECOVERY_DELAY_MS } from '@allaccess/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { testDevice } from '../test-support/device.js'
import { type EnrolmentDriver, enrolmentDriver } from '../test-support/enrolment.js'
import { NONCE_KEPT_MS } from './device-proof.js'

/**
 * New-device approval attacked as a thief with a copied session token, a replayer of captured requests, a racer of
 * answers and grants, and another project on the same cloud would attack it (docs/embedded-wallet.md#threat-model).
 */
let cloud: TestCloud
let offset = 0
const clock = () => Date.now() + offset
let d: EnrolmentDriver
const OTHER_PROJECT = 'approval-attack-other'

beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000' })
  cloud.services.embedded.now = clock
  await cloud.services.projects.create({ ...LOCAL_PROJECT, id: OTHER_PROJECT })
  d = enrolmentDriver(cloud, clock)
})
afterAll(() => cloud?.close())
beforeEach(() => {
  offset = 0
})

const ROUTES = [
  ['POST', '/v1/embedded/device/enrolment', {}],
  ['POST', '/v1/embedded/device/enrolment', { wait: true }],
  ['POST', '/v1/embedded/device/enrolment/recover', undefined],
  ['POST', '/v1/embedded/device/enrolments', {}],
  ['POST', '/v1/embedded/device/enrolments', { wait: true }],
] as const
const message = async (response: Response) => ((await response.json()) as { message: string }).message

describe('a session token copied without its device key', () => {
  it('gets 401 on every enrolment and approval route, signed by nobody or by the thief’s own key', async () => {
    const { a, b } = await d.walletAndNewDevice()
    await d.status(b.device, b.token)
    const [asked] = await d.listed(a.device, a.token)
    const thief = await testDevice(clock)
    const routes: (readonly [string, string, unknown])[] = [
      ...ROUTES,
      ['POST', '/v1/embedded/device/enrolments/answer', { id: asked?.id, approve: true }],
    ]
    for (const token of [a.token, b.token])
      for (const [method, route, body] of routes)
        for (const signer of [undefined, thief]) {
          const response = await d.send(signer, method, route, token, { body })
          expect(response.status, `${route} ${JSON.stringify(body)}`).toBe(401)
          expect(await message(response)).toBe(EMBEDDED_TEXTS.deviceNotProven)
        }
    // Nothing moved: B is still waiting, and the request is still there for A.
    expect(await d.status(b.device, b.token)).toEqual({ status: 'pending', recoverAt: null })
    expect((await d.listed(a.device, a.token)).map((device) => device.id)).toEqual([asked?.id])
  })

  it('a thief who signs in as the same identity on its own device is a new device: pending, never granted', async () => {
    const { a, subject } = await d.walletAndNewDevice()
    const thief = await d.identitySignIn(subject)
    expect(await d.status(thief.device, thief.token)).toEqual({ status: 'pending', recoverAt: null })
    expect((await d.enrol(thief.device, thief.token)).response.status).toBe(403)
    // It cannot answer its own request nor the other new device's: it holds no share.
    for (const device of await d.listed(a.device, a.token)) {
      const own = await d.answer(thief.device, thief.token, device.id, true)
      expect(own.status).toBe(403)
      expect(await message(own)).toBe(EMBEDDED_TEXTS.notAnApprover)
    }
  })
})

describe('a captured device proof', () => {
  it('is refused the second time on every enrolment route', async () => {
    const { a, b } = await d.walletAndNewDevice()
    for (const [method, route, body] of ROUTES) {
      const device = route.endsWith('enrolments') ? a : b
      const path = `${route}?projectId=${LOCAL_PROJECT.id}`
      const headers = {
        ...(await device.device.headers(method, path, device.token)),
        'content-type': 'application/json',
      }
      const init = { method, headers, body: JSON.stringify(body ?? {}) }
      const first = await fetch(cloud.url + path, { ...init, body: JSON.stringify({ ...body, wait: false }) })
      expect(first.status, route).toBe(200)
      const replayed = await fetch(cloud.url + path, init)
      expect(replayed.status, route).toBe(401)
      expect(await message(replayed)).toBe(EMBEDDED_TEXTS.deviceNotProven)
    }
  })

  it('is still refused by an instance whose clock runs behind after one ahead of it purged the nonces', async () => {
    const { a } = await d.walletAndNewDevice()
    const path = `/v1/embedded/shares?projectId=${LOCAL_PROJECT.id}`
    const at = clock()
    const headers = await a.device.headers('GET', path, a.token, at)
    expect((await fetch(cloud.url + path, { headers })).status).toBe(200)
    // An instance a window ahead purges; one a little behind the proof's time then receives the replay.
    offset = DEVICE_PROOF_WINDOW_MS + 1000
    await cloud.services.embedded.purge()
    offset = -DEVICE_PROOF_WINDOW_MS / 2
    const replayed = await fetch(cloud.url + path, { headers })
    expect(replayed.status).toBe(401)
    expect(await message(replayed)).toBe(EMBEDDED_TEXTS.deviceNotProven)
    expect(NONCE_KEPT_MS).toBe(120_000)
  })
})

describe('answers and grants raced', () => {
  it('approve and refuse at once from two devices of the wallet: one answer counts, and the state follows it', async () => {
    const { a, b, subject } = await d.walletAndNewDevice()
    // A second holder: C, approved by A.
    const c = await d.identitySignIn(subject)
    await d.status(c.device, c.token)
    const [forC] = await d.listed(a.device, a.token)
    expect((await d.answer(a.device, a.token, forC?.id ?? '', true)).status).toBe(200)
    expect((await d.enrol(c.device, c.token)).response.status).toBe(200)

    await d.status(b.device, b.token)
    const [forB] = await d.listed(a.device, a.token)
    const id = forB?.id ?? ''
    const answers = await Promise.all([
      d.answer(a.device, a.token, id, true),
      d.answer(c.device, c.token, id, false),
      d.answer(a.device, a.token, id, false),
      d.answer(c.device, c.token, id, true),
    ])
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((code) => code === 200)).toHaveLength(1)
    expect(statuses.filter((code) => code === 404)).toHaveLength(3)
    const approved = [0, 3].some((index) => answers[index]?.status === 200)
    const after = await d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { body: {} })
    if (approved) expect(await after.json()).toEqual({ status: 'granted', recoverAt: null })
    else expect(after.status).toBe(401)
  })

  it('a grant collected twice at once releases the recovery share once', async () => {
    const { a, b } = await d.walletAndNewDevice()
    await d.status(b.device, b.token)
    const [asked] = await d.listed(a.device, a.token)
    expect((await d.answer(a.device, a.token, asked?.id ?? '', true)).status).toBe(200)
    const tries = await Promise.all(Array.from({ length: 6 }, () => d.enrol(b.device, b.token)))
    const codes = tries.map((attempt) => attempt.response.status).sort()
    expect(codes).toEqual([200, 403, 403, 403, 403, 403])
  })

  it('a refusal racing the recovery’s end: refused in time, the session is gone for good', async () => {
    const { a, b } = await d.walletAndNewDevice()
    expect((await d.recover(b.device, b.token)).status).toBe(200)
    const [asked] = await d.listed(a.device, a.token)
    offset = RECOVERY_DELAY_MS - 1000
    const [refused, status] = await Promise.all([
      d.answer(a.device, a.token, asked?.id ?? '', false),
      d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { body: {} }),
    ])
    expect(refused.status).toBe(200)
    expect([200, 401]).toContain(status.status)
    if (status.status === 200) expect(((await status.json()) as { status: string }).status).toBe('recovering')
    offset = RECOVERY_DELAY_MS + 1000
    expect(
      (await d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { body: {} })).status,
    ).toBe(401)
    expect((await d.enrol(b.device, b.token)).response.status).toBe(401)
  })
})

describe('sign out everywhere', () => {
  it('ends every new device’s wait, grant and recovery with the sessions: none collects a share after', async () => {
    const { a, b, subject } = await d.approvedNewDevice()
    const c = await d.identitySignIn(subject)
    expect((await d.recover(c.device, c.token)).status).toBe(200)
    const e = await d.identitySignIn(subject)
    await d.status(e.device, e.token)

    const signOut = await d.send(a.device, 'POST', '/v1/embedded/session/revoke-all', a.token, { body: {} })
    expect(signOut.status).toBe(200)
    offset = RECOVERY_DELAY_MS + 1000
    for (const device of [b, c, e]) {
      expect((await d.enrol(device.device, device.token)).response.status).toBe(401)
      expect(
        (await d.send(device.device, 'POST', '/v1/embedded/device/enrolment', device.token, { body: {} }))
          .status,
      ).toBe(401)
    }
    // A signs in again on its own device: nothing of the others waits for it.
    const again = await d.identitySignIn(subject, LOCAL_PROJECT.id, a.device)
    expect(await d.listed(a.device, again.token)).toEqual([])
  })
})

describe('the recovery delay', () => {
  it('holds to the millisecond, is not shortened by asking again, and grants once', async () => {
    const { b } = await d.walletAndNewDevice()
    const { recoverAt } = (await d.json(await d.recover(b.device, b.token))) as { recoverAt: number }
    offset = recoverAt - Date.now() - 2000
    expect((await d.json(await d.recover(b.device, b.token))).recoverAt).toBe(recoverAt)
    expect(await d.status(b.device, b.token)).toEqual({ status: 'recovering', recoverAt })
    expect((await d.enrol(b.device, b.token)).response.status).toBe(403)
    offset = recoverAt - Date.now() + 1000
    expect(await d.status(b.device, b.token)).toEqual({ status: 'granted', recoverAt: null })
    expect((await d.enrol(b.device, b.token)).response.status).toBe(200)
    expect((await d.enrol(b.device, b.token)).response.status).toBe(403)
  })
})

describe('a session of another project', () => {
  it('is refused on every enrolment route, and the wallet’s devices do not see it', async () => {
    const { a, b, subject } = await d.walletAndNewDevice()
    await d.status(b.device, b.token)
    const [asked] = await d.listed(a.device, a.token)
    const routes: (readonly [string, string, unknown])[] = [
      ...ROUTES,
      ['POST', '/v1/embedded/device/enrolments/answer', { id: asked?.id, approve: true }],
    ]
    for (const [method, route, body] of routes) {
      const response = await d.send(a.device, method, route, a.token, { body, project: OTHER_PROJECT })
      expect(response.status, route).toBe(401)
      expect(await message(response)).toBe(EMBEDDED_TEXTS.sessionNotLive)
    }
    expect(await d.status(b.device, b.token)).toEqual({ status: 'pending', recoverAt: null })
    // The same identity signed in on another project's site: its own session there, bound to that project.
    const elsewhere = await d.identitySignIn(subject, OTHER_PROJECT)
    expect(
      (await d.send(elsewhere.device, 'POST', '/v1/embedded/device/enrolment', elsewhere.token, { body: {} }))
        .status,
    ).toBe(401)
    expect(
      await d.json(
        await d.send(elsewhere.device, 'POST', '/v1/embedded/device/enrolment', elsewhere.token, {
          body: {},
          project: OTHER_PROJECT,
        }),
      ),
    ).toEqual({ status: 'pending', recoverAt: null })
  })
})
