import { randomBytes } from 'node:crypto'
import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { ERROR_CODES, FARCASTER_CHANNEL_TTL_MS, FARCASTER_TEXTS } from '@allaccess/protocol'
import {
  createFarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from '@allaccess/testkit/farcaster'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let anvil: AnvilInstance
let cloud: TestCloud
let alice: FarcasterUser
let bob: FarcasterUser

beforeAll(async () => {
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

const HOST_ORIGIN = 'http://127.0.0.1:5173'
const post = (path: string, body: unknown, token?: string) =>
  cloud.post(
    `${path}?${LOCAL_QUERY}`,
    body,
    token === undefined ? undefined : { headers: { authorization: `Bearer ${token}` } },
  )
const app = (user: FarcasterUser) => createFarcasterClient({ relay: cloud.url, user })
const reauth = (token: string | undefined, hostOrigin = HOST_ORIGIN) =>
  post('/v1/embedded/reauth/farcaster', { hostOrigin }, token)
const reauthResult = (token: string | undefined, secret: string, wait = false) =>
  post('/v1/embedded/reauth/farcaster/result', { secret, wait }, token)
const freshUntil = async (token: string) => {
  const response = await cloud.get(`/v1/embedded/session?${LOCAL_QUERY}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { freshUntil: number | null }).freshUntil
}

/** A Farcaster sign-in of `user` on a new device: its session token. */
async function signIn(user: FarcasterUser): Promise<string> {
  const deviceId = randomBytes(16).toString('hex')
  const started = await post('/v1/embedded/farcaster/start', { deviceId, hostOrigin: HOST_ORIGIN })
  const { url, secret } = (await started.json()) as { url: string; secret: string }
  expect((await app(user).approve(url)).status).toBe(201)
  const done = await post('/v1/embedded/farcaster/result', { secret, wait: false })
  return ((await done.json()) as { sessionToken: string }).sessionToken
}

async function startReauth(token: string) {
  const response = await reauth(token)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as { url: string; secret: string }
}

async function expectRefusal(response: Response, status: number, code: string, message: string) {
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ code, message })
}

describe("a Farcaster session's re-authentication before a key export", () => {
  it("the session's own fid approves: pending, then fresh (once); the session says until when", async () => {
    const token = await signIn(alice)
    expect(await freshUntil(token)).toBeNull()
    const { url, secret } = await startReauth(token)
    // The message names the host page, as a sign-in's.
    expect(new URL(url).searchParams.get('domain')).toBe('127.0.0.1:5173')
    expect(await (await reauthResult(token, secret)).json()).toEqual({ status: 'pending' })

    const waiting = reauthResult(token, secret, true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await app(alice).approve(url)).status).toBe(201)
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
    const token = await signIn(alice)
    const { url, secret } = await startReauth(token)
    expect((await app(bob).approve(url)).status).toBe(201)
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
    const token = await signIn(alice)
    const other = await signIn(alice)
    const { url, secret } = await startReauth(token)
    expect((await reauth(undefined)).status).toBe(401)
    expect((await reauth('not-a-session')).status).toBe(401)
    expect((await reauthResult(undefined, secret)).status).toBe(401)
    expect((await reauth(token, 'https://phish.example')).status).toBe(403)
    expect((await app(alice).approve(url)).status).toBe(201)
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
    const deviceId = randomBytes(16).toString('hex')
    const started = await post('/v1/embedded/farcaster/start', { deviceId, hostOrigin: HOST_ORIGIN })
    const signInAttempt = (await started.json()) as { url: string; secret: string }
    expect((await app(alice).approve(signInAttempt.url)).status).toBe(201)
    await expectRefusal(
      await reauthResult(other, signInAttempt.secret),
      401,
      ERROR_CODES.farcasterChannelUnknown,
      FARCASTER_TEXTS.channelUnknown,
    )
    expect(await freshUntil(other)).toBeNull()
  })

  it('an expired re-authentication gives nothing, even approved', async () => {
    const token = await signIn(alice)
    const { url, secret } = await startReauth(token)
    const later = Date.now() + FARCASTER_CHANNEL_TTL_MS + 1000
    cloud.services.farcaster.now = () => later
    cloud.services.farcasterSignIn.now = () => later
    expect((await app(alice).approve(url)).status).toBe(401)
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
    )
    await expectRefusal(
      await reauth(sessionToken),
      400,
      ERROR_CODES.badRequest,
      FARCASTER_TEXTS.noFarcasterIdentity,
    )
  })
})
