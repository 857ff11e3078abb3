import { randomBytes } from 'node:crypto'
import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { ERROR_CODES, FARCASTER_CHANNEL_TTL_MS, FARCASTER_TEXTS } from '@allaccess/protocol'
import {
  createFarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from '@allaccess/testkit/farcaster'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { SIGN_IN_WAITS_PER_IP, SIGN_INS_PER_IP } from './limits.js'

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

/** The site the frame is embedded in: on the local project's allowlist. */
const HOST_ORIGIN = 'http://127.0.0.1:5173'
const newDevice = () => randomBytes(16).toString('hex')
const post = (path: string, body: unknown, init?: RequestInit) =>
  cloud.post(`${path}?${LOCAL_QUERY}`, body, init)
const wallet = (user: FarcasterUser) => createFarcasterClient({ relay: cloud.url, user })

async function start(deviceId = newDevice()) {
  const response = await post('/v1/embedded/farcaster/start', { deviceId, hostOrigin: HOST_ORIGIN })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as { url: string; secret: string }
}
const result = (secret: string, wait = false) => post('/v1/embedded/farcaster/result', { secret, wait })

type Done = {
  status: 'done'
  sessionToken: string
  user: { address: string | null; provider: string; username: string }
}

async function signIn(user: FarcasterUser) {
  const { url, secret } = await start()
  expect((await wallet(user).approve(url)).status).toBe(201)
  const done = await result(secret)
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

    // A waiting request is answered by the approval.
    const waiting = result(secret, true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await wallet(alice).approve(url)).status).toBe(201)
    const done = (await (await waiting).json()) as Done
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
      { method: 'PUT', headers: { authorization: `Bearer ${done.sessionToken}` } },
    )
    expect(stored.status).toBe(200)
    const again = await signIn(alice)
    expect(again.user.address).toBe(address)
    expect(again.sessionToken).not.toBe(done.sessionToken)
    // Another fid is another user.
    expect((await signIn(bob)).user).toMatchObject({ address: null, username: 'bob' })
  })

  it('refuses an approval signed by a key that is not the custody of its fid', async () => {
    const { url, secret } = await start()
    expect((await wallet(alice).approve(url, { signWith: generatePrivateKey() })).status).toBe(401)
    for (const wait of [false, true])
      await expectRefusal(
        await result(secret, wait),
        401,
        ERROR_CODES.farcasterInvalidSignature,
        FARCASTER_TEXTS.invalidSignature,
      )
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
    // The approval answers every held request: one takes the session, the others find it taken.
    expect((await wallet(alice).approve(url)).status).toBe(201)
    const statuses = await Promise.all(waits.map(async (waiting) => (await waiting).status))
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_WAITS_PER_IP - 1)

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
