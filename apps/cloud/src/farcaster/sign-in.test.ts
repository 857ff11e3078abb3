// Over 350 lines on purpose: one cloud over one anvil (the devnet contracts deployed) serves every case of
// the Farcaster sign-in; a split file would start and deploy its own.
import { randomBytes } from 'node:crypto'
import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { ERROR_CODES, FARCASTER_CHANNEL_TTL_MS, FARCASTER_TEXTS } from '@allaccess/protocol'
import {
  createFarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from '@allaccess/testkit/farcaster'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { badBodies, expectCleanRefusal } from '../test-support/bad-input.js'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type TestDevice, testDevice } from '../test-support/device.js'
import {
  COMPLETION_GUESSES_PER_IP,
  COMPLETION_GUESSES_WINDOW_MS,
  SIGN_IN_WAITS_PER_IP,
  SIGN_INS_PER_IP,
  SIGN_INS_WINDOW_MS,
} from './limits.js'

let anvil: AnvilInstance
let cloud: TestCloud
let alice: FarcasterUser
let bob: FarcasterUser
/** The frame's device key: it signs every request (docs/embedded-wallet.md#device-binding). */
let device: TestDevice

beforeAll(async () => {
  device = await testDevice()
  anvil = await startAnvil({ port: 0 })
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl, CLOUD_RATE_LIMIT_MAX: '100000' })
  alice = await registerFarcasterUser(anvil.rpcUrl, { username: 'alice' })
  bob = await registerFarcasterUser(anvil.rpcUrl, { username: 'bob' })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})
afterEach(() => {
  cloud.services.farcaster.now = Date.now
  cloud.services.farcasterSignIn.now = Date.now
})

/** The site the frame is embedded in: on the local project's allowlist. */
const HOST_ORIGIN = 'http://127.0.0.1:5173'
const newDevice = () => randomBytes(16).toString('hex')
/** The frame's request to `path`: signed by its device key, with the session token if any. */
const signed = async (method: string, path: string, token?: string) => ({
  method,
  headers: await device.headers(method, `${path}?${LOCAL_QUERY}`, token),
})
const post = async (
  path: string,
  body: unknown,
  { token, method = 'POST' }: { token?: string; method?: string } = {},
) => cloud.post(`${path}?${LOCAL_QUERY}`, body, await signed(method, path, token))
const wallet = (user: FarcasterUser) => createFarcasterClient({ relay: cloud.url, user })

async function start(deviceId = newDevice()) {
  const response = await post('/v1/embedded/farcaster/start', { deviceId, hostOrigin: HOST_ORIGIN })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as { url: string; secret: string }
}
const result = (secret: string, wait = false, completion?: string) =>
  post('/v1/embedded/farcaster/result', { secret, wait, completion })

type Done = {
  status: 'done'
  sessionToken: string
  user: { address: string | null; provider: string; username: string }
}

async function signIn(user: FarcasterUser) {
  const { url, secret } = await start()
  const approval = await wallet(user).approve(url)
  expect(approval.status).toBe(201)
  const done = await result(secret, false, approval.completion)
  expect(done.status).toBe(200)
  return (await done.json()) as Done
}

async function expectRefusal(response: Response, status: number, code: string, message: string) {
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ code, message })
}

describe("the embedded wallet's Sign In With Farcaster", () => {
  it('signs the approved fid in with its username, once; the same fid again is the same user', async () => {
    const { url, secret } = await start()
    // The message the Farcaster app signs names the host page, which it shows the user.
    const query = new URL(url).searchParams
    expect([query.get('domain'), query.get('siweUri')]).toEqual(['127.0.0.1:5173', `${HOST_ORIGIN}/`])
    expect(await (await result(secret)).json()).toEqual({ status: 'pending' })

    // A waiting request is answered by the approval: ready, and the session only for the approver's code.
    const waiting = result(secret, true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const approval = await wallet(alice).approve(url)
    expect(approval.status).toBe(201)
    expect(approval.completion).toMatch(/^\d{6}$/)
    expect(await (await waiting).json()).toEqual({ status: 'ready' })
    // Whoever holds the link reads the relay's status, but never the code.
    const channelToken = new URL(url).searchParams.get('channelToken')
    const status = await cloud.get('/v1/channel/status', {
      headers: { authorization: `Bearer ${channelToken}` },
    })
    expect(await status.text()).not.toContain(approval.completion)
    const done = (await (await result(secret, true, approval.completion)).json()) as Done
    expect(done).toMatchObject({
      status: 'done',
      user: { email: null, address: null, provider: 'farcaster', username: 'alice' },
    })
    // Given once.
    await expectRefusal(
      await result(secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )

    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const stored = await post(
      '/v1/embedded/shares',
      { address, authShare: 'ab', recoveryShare: 'cd' },
      { method: 'PUT', token: done.sessionToken },
    )
    expect(stored.status).toBe(200)
    const again = await signIn(alice)
    expect(again.user.address).toBe(address)
    expect(again.sessionToken).not.toBe(done.sessionToken)
    // Another fid is another user.
    expect((await signIn(bob)).user).toMatchObject({ address: null, username: 'bob' })
  })

  it('a link sent to someone else: their approval gives its sender nothing; a wrong code ends the sign-in', async () => {
    // The sender starts a sign-in (a public project id and an allowed origin) and sends its link on.
    const sent = await start()
    const victim = await wallet(alice).approve(sent.url)
    expect(victim.status).toBe(201)
    for (const wait of [false, true])
      expect(await (await result(sent.secret, wait)).json()).toEqual({ status: 'ready' })
    const guess = victim.completion === '000000' ? '000001' : '000000'
    await expectRefusal(
      await result(sent.secret, false, guess),
      400,
      ERROR_CODES.farcasterBadCompletion,
      FARCASTER_TEXTS.badCompletion,
    )
    // One guess only: even the right code finds nothing after it.
    await expectRefusal(
      await result(sent.secret, false, victim.completion),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    expect((await result(sent.secret, false, 'abc')).status).toBe(400)
  })

  it("a stranger's approval signed by another key is refused to its sender only: the sign-in waits for the user's", async () => {
    const { url, secret } = await start()
    expect((await wallet(alice).approve(url, { signWith: generatePrivateKey() })).status).toBe(401)
    expect(await (await result(secret)).json()).toEqual({ status: 'pending' })
    const approval = await wallet(alice).approve(url)
    expect(approval.status).toBe(201)
    const done = await result(secret, false, approval.completion)
    expect(await done.json()).toMatchObject({ status: 'done', user: { username: 'alice' } })
  })

  it(`counts wrong completion codes per client address: past ${COMPLETION_GUESSES_PER_IP} in an hour, a code is not compared (429) and the sign-in stays`, async () => {
    expect([COMPLETION_GUESSES_PER_IP, COMPLETION_GUESSES_WINDOW_MS]).toEqual([10, 3_600_000])
    // A cloud of its own: the other tests' guesses are not in its count, nor this test's in theirs.
    const shared = cloud
    cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl, CLOUD_RATE_LIMIT_MAX: '100000' })
    try {
      const approved = async () => {
        const { url, secret } = await start()
        const approval = await wallet(alice).approve(url)
        expect(approval.status).toBe(201)
        const right = approval.completion ?? ''
        return { secret, right, wrong: right === '000000' ? '000001' : '000000' }
      }
      for (let i = 0; i < COMPLETION_GUESSES_PER_IP; i++) {
        const { secret, wrong } = await approved()
        expect((await result(secret, false, wrong)).status).toBe(400)
      }
      const last = await approved()
      const throttled = await result(last.secret, false, last.right)
      expect([throttled.status, ((await throttled.json()) as { code: string }).code]).toEqual([
        429,
        ERROR_CODES.tooManyRequests,
      ])
      expect(await (await result(last.secret)).json()).toEqual({ status: 'ready' })
    } finally {
      await cloud.close()
      cloud = shared
    }
  })

  it('gives nothing for an expired sign-in or an unknown secret', async () => {
    const { url, secret } = await start()
    const later = Date.now() + FARCASTER_CHANNEL_TTL_MS + 1000
    cloud.services.farcaster.now = () => later
    cloud.services.farcasterSignIn.now = () => later
    expect((await wallet(alice).approve(url)).status).toBe(401)
    await expectRefusal(
      await result(secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    await expectRefusal(
      await result(randomBytes(32).toString('base64url')),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
  })

  it('needs a project, and a host origin the project allows', async () => {
    const body = { deviceId: newDevice(), hostOrigin: HOST_ORIGIN }
    expect((await cloud.post('/v1/embedded/farcaster/start', body)).status).toBe(401)
    const refused = await post('/v1/embedded/farcaster/start', {
      ...body,
      hostOrigin: 'https://attacker.example',
    })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { code: string }).code).toBe(ERROR_CODES.originNotAllowed)
    const malformed = await post('/v1/embedded/farcaster/start', {
      ...body,
      hostOrigin: 'javascript:alert(1)',
    })
    expect(malformed.status).toBe(400)
  })

  it('bounds one client address: waiting results held at once, then starts a minute', async () => {
    const { url, secret } = await start()
    const waits = Array.from({ length: SIGN_IN_WAITS_PER_IP }, () => result(secret, true))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await result(secret, true)).status).toBe(429)
    // The approval answers every held request `ready`; the code then takes the session once.
    const approval = await wallet(alice).approve(url)
    expect(approval.status).toBe(201)
    const answers = await Promise.all(waits.map(async (waiting) => (await waiting).json()))
    expect(answers).toEqual(Array(SIGN_IN_WAITS_PER_IP).fill({ status: 'ready' }))
    expect((await result(secret, false, approval.completion)).status).toBe(200)
    expect((await result(secret, false, approval.completion)).status).toBe(401)

    let refused: Response | undefined
    for (let sent = 0; sent <= SIGN_INS_PER_IP && !refused; sent++) {
      const response = await post('/v1/embedded/farcaster/start', {
        deviceId: newDevice(),
        hostOrigin: HOST_ORIGIN,
      })
      if (response.status === 429) refused = response
      else expect(response.status).toBe(200)
    }
    expect(refused?.status).toBe(429)
  })
})

const bearer = (token: string | undefined) => (token === undefined ? {} : { token })
const reauth = (token: string | undefined, hostOrigin = HOST_ORIGIN) =>
  post('/v1/embedded/reauth/farcaster', { hostOrigin }, bearer(token))
const reauthResult = (token: string | undefined, secret: string, wait = false) =>
  post('/v1/embedded/reauth/farcaster/result', { secret, wait }, bearer(token))
const freshUntil = async (token: string) => {
  const response = await cloud.get(
    `/v1/embedded/session?${LOCAL_QUERY}`,
    await signed('GET', '/v1/embedded/session', token),
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as { freshUntil: number | null }).freshUntil
}

/** A Farcaster sign-in of `user` on a new device: its session token. */
const sessionOf = async (user: FarcasterUser) => (await signIn(user)).sessionToken

async function startReauth(token: string) {
  const response = await reauth(token)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as { url: string; secret: string }
}

describe("a Farcaster session's re-authentication before a key export", () => {
  // Past the minute whose starts the bound test above used up.
  beforeEach(() => {
    cloud.services.farcasterSignIn.now = () => Date.now() + 2 * SIGN_INS_WINDOW_MS
  })

  it("the session's own fid approves: pending, then fresh (once); the session says until when", async () => {
    const token = await sessionOf(alice)
    expect(await freshUntil(token)).toBeNull()
    const { url, secret } = await startReauth(token)
    // The message names the host page, as a sign-in's.
    expect(new URL(url).searchParams.get('domain')).toBe('127.0.0.1:5173')
    expect(await (await reauthResult(token, secret)).json()).toEqual({ status: 'pending' })

    const waiting = reauthResult(token, secret, true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await wallet(alice).approve(url)).status).toBe(201)
    const answer = (await (await waiting).json()) as { status: string; freshUntil: number }
    expect(answer.status).toBe('fresh')
    expect(answer.freshUntil).toBeGreaterThan(Date.now())
    expect(await freshUntil(token)).toBe(answer.freshUntil)
    await expectRefusal(
      await reauthResult(token, secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
  })

  it("another fid's approval is refused with its text and makes nothing fresh; the attempt ends", async () => {
    const token = await sessionOf(alice)
    const { url, secret } = await startReauth(token)
    expect((await wallet(bob).approve(url)).status).toBe(201)
    await expectRefusal(
      await reauthResult(token, secret, true),
      400,
      ERROR_CODES.farcasterOtherAccount,
      FARCASTER_TEXTS.otherAccount,
    )
    expect(await freshUntil(token)).toBeNull()
    await expectRefusal(
      await reauthResult(token, secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
  })

  it("no session, another session's secret, a sign-in's secret: refused, nothing fresh, no session given", async () => {
    const token = await sessionOf(alice)
    const other = await sessionOf(alice)
    const { url, secret } = await startReauth(token)
    expect((await reauth(undefined)).status).toBe(401)
    expect((await reauth('not-a-session')).status).toBe(401)
    expect((await reauthResult(undefined, secret)).status).toBe(401)
    expect((await reauth(token, 'https://phish.example')).status).toBe(403)
    expect((await wallet(alice).approve(url)).status).toBe(201)
    // Another session of the same fid does not take this one's freshness.
    await expectRefusal(
      await reauthResult(other, secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    expect(await freshUntil(other)).toBeNull()
    // Nor does the sign-in route give a session for a re-authentication's secret.
    await expectRefusal(
      await post('/v1/embedded/farcaster/result', { secret, wait: false }),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    // The session that started it still collects it.
    expect(((await (await reauthResult(token, secret)).json()) as { status: string }).status).toBe('fresh')

    // A sign-in's secret makes no session fresh.
    const signInAttempt = await start()
    const approval = await wallet(alice).approve(signInAttempt.url)
    expect(approval.status).toBe(201)
    await expectRefusal(
      await post(
        '/v1/embedded/reauth/farcaster/result',
        { secret: signInAttempt.secret, wait: false, completion: approval.completion },
        bearer(other),
      ),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    expect(await freshUntil(other)).toBeNull()
  })

  it('an expired re-authentication gives nothing, even approved', async () => {
    const token = await sessionOf(alice)
    const { url, secret } = await startReauth(token)
    const later = Date.now() + FARCASTER_CHANNEL_TTL_MS + 1000
    cloud.services.farcaster.now = () => later
    cloud.services.farcasterSignIn.now = () => later
    expect((await wallet(alice).approve(url)).status).toBe(401)
    await expectRefusal(
      await reauthResult(token, secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    expect(await freshUntil(token)).toBeNull()
  })

  it('is for Farcaster sessions only', async () => {
    const { sessionToken } = await cloud.services.embedded.signInWithIdentity(
      { provider: 'google', subject: 'g-1', username: 'alice@example.com' },
      randomBytes(16).toString('hex'),
      { deviceKey: device.publicKey, projectId: 'allaccess-local' },
    )
    await expectRefusal(
      await reauth(sessionToken),
      400,
      ERROR_CODES.badRequest,
      FARCASTER_TEXTS.noFarcasterIdentity,
    )
  })

  it('answers bad result bodies with a clear 4xx, never a 5xx, and the sign-in goes on', async () => {
    const { url, secret } = await start()
    for (const [what, body] of badBodies({ secret, wait: false, completion: '123456' }))
      await expectCleanRefusal(await post('/v1/embedded/farcaster/result', body), what)
    const approval = await wallet(alice).approve(url)
    expect((await result(secret, false, approval.completion)).status).toBe(200)
  })
})

describe('a sign-in bound to the device key that started it (docs/embedded-wallet.md#sign-in-binding)', () => {
  it('refuses a start without a device proof, and gives another key nothing for the secret and the code', async () => {
    const unsigned = await cloud.post(`/v1/embedded/farcaster/start?${LOCAL_QUERY}`, {
      deviceId: newDevice(),
      hostOrigin: HOST_ORIGIN,
    })
    expect(unsigned.status).toBe(401)
    const { url, secret } = await start()
    const approval = await wallet(alice).approve(url)
    // A script on the host page read the code the user typed there, and holds the secret: its own key gets nothing.
    const thief = await testDevice()
    const path = `/v1/embedded/farcaster/result?${LOCAL_QUERY}`
    const stolen = await cloud.post(
      path,
      { secret, wait: false, completion: approval.completion },
      { headers: await thief.headers('POST', path) },
    )
    await expectRefusal(stolen, 401, ERROR_CODES.farcasterChannelUnknown, FARCASTER_TEXTS.channelUnknown)
    // The key that started it still finishes it.
    expect((await result(secret, false, approval.completion)).status).toBe(200)
  })
})
