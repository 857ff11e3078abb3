// Over 350 lines on purpose: one cloud and one OIDC provider serve every case of the social routes; a split
// file would start its own of each (several seconds on the suite's two cores).
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  DEV_USER_APIS,
  type DevOidc,
  devClients,
  devSocialEnv,
  signInHeadless,
  startDevOidc,
  TEST_USERS,
} from '@allaccess/oidc-dev'
import { SOCIAL_ATTEMPT_TTL_SECONDS, SOCIAL_PROVIDERS, SOCIAL_TEXTS } from '@allaccess/protocol'
import { freePort } from '@allaccess/testkit/free-port'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEV_FRAME_ORIGIN } from '../embedded/limits.js'
import { embeddedIdentities } from '../embedded/tables.js'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { type TestDevice, testDevice } from '../test-support/device.js'
import { readCompletionPage } from './callback-page.js'
import { PROFILE_MAX_BYTES, PROVIDER_CACHE_MS, STARTS_PER_IP, WAITS_PER_IP } from './limits.js'

let oidc: DevOidc
let cloud: TestCloud
/** A second cloud whose providers' user APIs answer badly (`badUserApi`). */
let odd: TestCloud
/** The frame's device key: it signs every request (docs/embedded-wallet.md#device-binding). */
let device: TestDevice
let badUserApi: Server
const [alice, bob, carol] = TEST_USERS as [
  (typeof TEST_USERS)[number],
  (typeof TEST_USERS)[number],
  (typeof TEST_USERS)[number],
]

/** What `badUserApi` answers at each path: a user API that is no user. */
const BAD_ANSWERS: Record<string, { status: number; body: string }> = {
  '/unauthorized': { status: 401, body: '{"message":"Bad credentials"}' },
  '/not-json': { status: 200, body: '{"id": 1, "login":' },
  '/no-id': { status: 200, body: '{"login":"alice","name":"Alice Example"}' },
  '/huge': {
    status: 200,
    body: JSON.stringify({ id: 1, login: 'alice', bio: 'a'.repeat(PROFILE_MAX_BYTES) }),
  },
}

beforeAll(async () => {
  device = await testDevice()
  const [port, oddPort] = [await freePort(), await freePort()]
  const oddClients = devClients(`http://127.0.0.1:${oddPort}`)
  oidc = await startDevOidc({
    port: 0,
    clients: devClients(`http://127.0.0.1:${port}`).map((client, index) => ({
      ...client,
      redirectUris: [...client.redirectUris, ...(oddClients[index]?.redirectUris ?? [])],
    })),
  })
  cloud = await startTestCloud(devSocialEnv(oidc.issuer), { port })
  badUserApi = createServer((request, response) => {
    const answer = BAD_ANSWERS[request.url ?? ''] ?? { status: 404, body: '{}' }
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
  })
  await new Promise<void>((resolve) => badUserApi.listen(0, '127.0.0.1', resolve))
  const bad = `http://127.0.0.1:${(badUserApi.address() as AddressInfo).port}`
  // github and x as plain OAuth 2.0 already; discord, facebook and apple too here, each with a bad user API.
  const plain = (provider: string, userinfo: string) => ({
    [`SOCIAL_${provider}_ISSUER`]: '',
    [`SOCIAL_${provider}_AUTHORIZATION_URL`]: `${oidc.issuer}/auth`,
    [`SOCIAL_${provider}_TOKEN_URL`]: `${oidc.issuer}/token`,
    [`SOCIAL_${provider}_USERINFO_URL`]: userinfo,
  })
  odd = await startTestCloud(
    {
      ...devSocialEnv(oidc.issuer),
      ...plain('GITHUB', `${bad}/no-id`),
      ...plain('X', `${bad}/unauthorized`),
      ...plain('DISCORD', `${bad}/not-json`),
      ...plain('FACEBOOK', `${bad}/huge`),
      ...plain('APPLE', `http://127.0.0.1:${await freePort()}/user`),
      // A generic provider asks for no scope by default; the development provider grants nothing without one.
      SOCIAL_APPLE_SCOPE: 'read:user',
    },
    { port: oddPort },
  )
})
afterAll(async () => {
  await odd?.close()
  await cloud?.close()
  await new Promise((resolve) => badUserApi?.close(resolve))
  await oidc?.close()
})

const newDevice = () => randomBytes(16).toString('hex')
/** The headers of the frame's request to `path`: its device proof, and the session token if any. */
const signed = async (method: string, path: string, token?: string) => ({
  headers: await device.headers(method, `${path}?${LOCAL_QUERY}`, token),
})
const post = async (path: string, body: unknown, token?: string, on = cloud) =>
  on.post(`${path}?${LOCAL_QUERY}`, body, await signed('POST', path, token))
const html = { headers: { accept: 'text/html' } }
/** The site the popup is opened from: on the local project's allowlist. */
const HOST_ORIGIN = 'http://127.0.0.1:5173'

async function start(provider: string, deviceId = newDevice(), on = cloud) {
  const response = await post(
    '/v1/embedded/social/start',
    { provider, deviceId, hostOrigin: HOST_ORIGIN },
    undefined,
    on,
  )
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as { uri: string; secret: string }
}

const result = (secret: string, wait = false, completion?: string, on = cloud) =>
  post('/v1/embedded/social/result', { secret, wait, ...(completion ? { completion } : {}) }, undefined, on)

/**
 * The callback as the popup loads it: the page, and the completion code its script posts to the frame inside the
 * opener, on the frame's origin and never the host's (the only script, allowed by its hash in the page's CSP).
 */
async function callBack(callback: Request) {
  const page = await sendCallback(callback, html)
  expect(page.status).toBe(200)
  const text = await page.text()
  expect(text).toContain(SOCIAL_TEXTS.done)
  const posted = readCompletionPage(text)
  expect(posted?.targetOrigin).toBe(DEV_FRAME_ORIGIN)
  const script = /<script>(.*)<\/script>/.exec(text)?.[1] ?? ''
  const hash = createHash('sha256').update(script).digest('base64')
  expect(page.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`)
  return posted?.completion as string
}

async function expectRefusal(response: Response, status: number, code: string, message: string) {
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ code, message })
}

/** A result route's answer for an attempt the provider ended without a user: 200, not an error status. */
async function expectRefused(response: Response, code: string, message: string) {
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ status: 'refused', code, message })
}

/** The whole sign-in without a browser: start, the provider's login, the callback, the result. */
async function signIn(provider: string, user = alice, deviceId = newDevice()) {
  const { uri, secret } = await start(provider, deviceId)
  const completion = await callBack(await signInHeadless(uri, user))
  const done = await result(secret, false, completion)
  expect(done.status).toBe(200)
  return (await done.json()) as {
    status: 'done'
    sessionToken: string
    user: { email: null; address: string | null; provider: string; username: string }
  }
}

describe("plain OAuth 2.0 providers (GitHub, X) against the development provider's emulated user APIs", () => {
  it('devSocialEnv runs github and x by their endpoints and the other four by OpenID Connect discovery', () => {
    const env = devSocialEnv(oidc.issuer)
    expect(env).toMatchObject({
      SOCIAL_GITHUB_AUTHORIZATION_URL: `${oidc.issuer}/auth`,
      SOCIAL_GITHUB_TOKEN_URL: `${oidc.issuer}/token`,
      SOCIAL_GITHUB_USERINFO_URL: `${oidc.issuer}${DEV_USER_APIS.github.path}`,
      SOCIAL_X_USERINFO_URL: `${oidc.issuer}${DEV_USER_APIS.x.path}`,
    })
    const withIssuer = SOCIAL_PROVIDERS.filter((provider) => env[`SOCIAL_${provider.toUpperCase()}_ISSUER`])
    expect(withIssuer.sort()).toEqual(['apple', 'discord', 'facebook', 'google'])
  })

  it.each([
    ['github', 'read:user'],
    ['x', 'users.read tweet.read'],
  ])('%s: asks for the code with PKCE and state, its own scope, no nonce', async (provider, scope) => {
    const url = new URL((await start(provider)).uri)
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer}/auth`)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope,
    })
    expect(url.searchParams.has('nonce')).toBe(false)
    for (const key of ['state', 'code_challenge']) expect(url.searchParams.get(key)).toBeTruthy()
  })

  it.each(['github', 'x'])(
    "%s: the user is the user API's id, named by its login (username)",
    async (provider) => {
      const signedIn = await signIn(provider, bob)
      expect(signedIn.user).toMatchObject({ provider, username: bob.username })
      const [identity] = await cloud.services.database.db
        .select()
        .from(embeddedIdentities)
        .where(and(eq(embeddedIdentities.provider, provider), eq(embeddedIdentities.username, bob.username)))
      expect(identity?.subject).toBe(String(bob.id))
    },
  )

  it.each([
    ['github', 'a profile without an id'],
    ['x', 'a 401'],
    ['discord', 'an answer that is not JSON'],
    ['facebook', 'an answer past PROFILE_MAX_BYTES'],
  ])('%s: a user API answering %s refuses the sign-in (400, never a 5xx)', async (provider) => {
    const { uri, secret } = await start(provider, newDevice(), odd)
    const callback = await signInHeadless(uri, alice)
    await expectRefusal(await sendCallback(callback), 400, 'social_refused', SOCIAL_TEXTS.providerRefused)
    await expectRefused(
      await result(secret, false, undefined, odd),
      'social_refused',
      SOCIAL_TEXTS.providerRefused,
    )
  })

  it('a user API that cannot be reached answers 503 at the callback', async () => {
    const { uri } = await start('apple', newDevice(), odd)
    const callback = await signInHeadless(uri, alice)
    await expectRefusal(await sendCallback(callback), 503, 'social_unavailable', SOCIAL_TEXTS.unavailable)
  })
})

describe("Sign in with Apple's form_post response mode (the development apple app is in it)", () => {
  /** `callback`'s parameters sent in the other mode: a POSTed form for a redirect, a redirect for a form. */
  async function inOtherMode(callback: Request): Promise<Request> {
    const params = await paramsOf(callback)
    if (callback.method === 'POST') {
      const url = new URL(callback.url)
      url.search = params.toString()
      return new Request(url)
    }
    const url = new URL(callback.url)
    url.search = ''
    return new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: params.toString(),
    })
  }
  /** `callback` (a POSTed form) with `extra` fields added. */
  const withFields = async (callback: Request, extra: Record<string, string>) => {
    const params = await paramsOf(callback)
    for (const [name, value] of Object.entries(extra)) params.set(name, value)
    return new Request(callback.url, { method: 'POST', headers: callback.headers, body: params.toString() })
  }

  it('asks for response_mode=form_post (and only for apple), and completes from the POSTed form', async () => {
    const google = new URL((await start('google')).uri)
    expect(google.searchParams.has('response_mode')).toBe(false)
    const { uri, secret } = await start('apple')
    expect(new URL(uri).searchParams.get('response_mode')).toBe('form_post')
    const callback = await signInHeadless(uri, bob)
    expect(callback.method).toBe('POST')
    expect(callback.url).toBe(`${cloud.url}/v1/embedded/social/callback`)
    const completion = await callBack(callback)
    expect(await (await result(secret, false, completion)).json()).toMatchObject({
      status: 'done',
      user: { provider: 'apple', username: bob.username },
    })
  })

  it("refuses a callback in the other mode than its provider's (400), leaving the state for the right one", async () => {
    const apple = await start('apple')
    const form = await signInHeadless(apple.uri, alice)
    await expectRefusal(
      await sendCallback(await inOtherMode(form)),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    const google = await start('google')
    const redirect = await signInHeadless(google.uri, alice)
    const posted = await sendCallback(await inOtherMode(redirect), html)
    expect(posted.status).toBe(400)
    expect(await posted.text()).toContain(SOCIAL_TEXTS.failed)
    // Neither refusal used the attempt up: the provider's own mode still completes it.
    for (const [callback, secret] of [
      [form, apple.secret],
      [redirect, google.secret],
    ] as const)
      expect((await result(secret, false, await callBack(callback))).status).toBe(200)
  })

  it('refuses a replayed POSTed callback and a tampered state', async () => {
    const { uri, secret } = await start('apple')
    const callback = await signInHeadless(uri, alice)
    await expectRefusal(
      await sendCallback(await withState(callback, `${await stateOf(callback)}x`)),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    const completion = await callBack(callback)
    await expectRefusal(await sendCallback(callback), 400, 'social_bad_callback', SOCIAL_TEXTS.badCallback)
    expect((await result(secret, false, completion)).status).toBe(200)
  })

  it.each([
    ['not JSON', '{"name":'],
    ['a name of the wrong shape', '{"name":"Alice"}'],
    ['a name past its bound', JSON.stringify({ name: { firstName: 'a'.repeat(300) } })],
  ])('ignores a `user` field that is %s, and any field it does not read', async (_what, user) => {
    const { uri, secret } = await start('apple')
    const callback = await withFields(await signInHeadless(uri, carol), {
      user,
      id_token: 'x.y.z',
      extra: '1',
    })
    const completion = await callBack(callback)
    expect(await (await result(secret, false, completion)).json()).toMatchObject({
      user: { provider: 'apple', username: carol.username },
    })
  })

  it("keeps the ID token's name over Apple's `user` name (which names only a user the ID token leaves unnamed)", async () => {
    const { uri, secret } = await start('apple')
    const user = JSON.stringify({ name: { firstName: 'Someone', lastName: 'Else' }, email: 'x@example.com' })
    const completion = await callBack(await withFields(await signInHeadless(uri, alice), { user }))
    expect(await (await result(secret, false, completion)).json()).toMatchObject({
      user: { provider: 'apple', username: alice.username },
    })
  })

  it('refuses a form past its bound or with fields past theirs with a 4xx, never a 5xx', async () => {
    const { uri } = await start('apple')
    const callback = await signInHeadless(uri, alice)
    const huge = await sendCallback(await withFields(callback, { user: 'a'.repeat(20_000) }))
    expect(huge.status).toBe(413)
    const longCode = await sendCallback(await withFields(callback, { code: 'a'.repeat(5000) }))
    expect(longCode.status).toBe(400)
    const notForm = await fetch(callback.url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    })
    expect(notForm.status).toBe(415)
    // None of it used the attempt up.
    expect((await sendCallback(callback)).status).toBe(200)
  })
})

describe('re-authentication of a social session before a key export', () => {
  const reauth = (token: string | undefined, hostOrigin = HOST_ORIGIN) =>
    post('/v1/embedded/reauth/social', { hostOrigin }, token)
  const reauthResult = (token: string | undefined, secret: string, completion?: string) =>
    post(
      '/v1/embedded/reauth/social/result',
      { secret, wait: false, ...(completion ? { completion } : {}) },
      token,
    )
  const freshUntil = async (token: string) => {
    const response = await cloud.get(
      `/v1/embedded/session?${LOCAL_QUERY}`,
      await signed('GET', '/v1/embedded/session', token),
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { freshUntil: number | null }).freshUntil
  }
  async function startReauth(token: string) {
    const response = await reauth(token)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as { uri: string; secret: string }
  }

  it('by the same user at the provider: a new login is asked for, and the session is fresh', async () => {
    const { sessionToken } = await signIn('google', alice)
    expect(await freshUntil(sessionToken)).toBeNull()
    const { uri, secret } = await startReauth(sessionToken)
    const url = new URL(uri)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google',
      prompt: 'login',
      max_age: '0',
    })
    const completion = await callBack(await signInHeadless(uri, alice))
    const answer = await reauthResult(sessionToken, secret, completion)
    expect(answer.status).toBe(200)
    const fresh = (await answer.json()) as { status: string; freshUntil: number }
    expect(fresh.status).toBe('fresh')
    expect(fresh.freshUntil).toBeGreaterThan(Date.now())
    expect(await freshUntil(sessionToken)).toBe(fresh.freshUntil)
  })

  it('a plain OAuth 2.0 provider (GitHub) runs its flow again, without OpenID Connect parameters', async () => {
    const { sessionToken } = await signIn('github', carol)
    const { uri, secret } = await startReauth(sessionToken)
    const url = new URL(uri)
    expect(url.searchParams.has('prompt')).toBe(false)
    expect(url.searchParams.has('max_age')).toBe(false)
    const completion = await callBack(await signInHeadless(uri, carol))
    expect(
      ((await (await reauthResult(sessionToken, secret, completion)).json()) as { status: string }).status,
    ).toBe('fresh')
  })

  it('by another user at the provider: refused with its text at the callback and to the frame, nothing fresh', async () => {
    const { sessionToken } = await signIn('google', alice)
    const { uri, secret } = await startReauth(sessionToken)
    const callback = await signInHeadless(uri, bob)
    const page = await sendCallback(callback, html)
    expect(page.status).toBe(400)
    const text = await page.text()
    expect(text).toContain(SOCIAL_TEXTS.failed)
    expect(text).toContain(SOCIAL_TEXTS.otherAccount.replace(/'/g, '&#39;'))
    expect(readCompletionPage(text)).toBeUndefined()
    await expectRefused(
      await reauthResult(sessionToken, secret),
      'social_other_account',
      SOCIAL_TEXTS.otherAccount,
    )
    expect(await freshUntil(sessionToken)).toBeNull()
  })

  it('needs a live session (401), one signed in by a social provider, and an allowed host origin', async () => {
    const { sessionToken } = await signIn('google', alice)
    const { secret } = await startReauth(sessionToken)
    expect((await reauth(undefined)).status).toBe(401)
    expect((await reauth('not-a-session')).status).toBe(401)
    expect((await reauthResult(undefined, secret)).status).toBe(401)
    expect((await reauth(sessionToken, 'https://phish.example')).status).toBe(403)
  })

  it('refuses a tampered state, a replayed callback, a second use, and a secret used for another purpose or session', async () => {
    const { sessionToken } = await signIn('google', alice)
    const other = await signIn('google', alice)
    const { uri, secret } = await startReauth(sessionToken)
    const callback = await signInHeadless(uri, alice)
    const tampered = await withState(callback, `${await stateOf(callback)}x`)
    await expectRefusal(await sendCallback(tampered), 400, 'social_bad_callback', SOCIAL_TEXTS.badCallback)
    const completion = await callBack(callback)
    await expectRefusal(await sendCallback(callback), 400, 'social_bad_callback', SOCIAL_TEXTS.badCallback)
    // Neither a sign-in's result nor another session of the same user takes this re-authentication.
    await expectRefusal(
      await result(secret, false, completion),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    await expectRefusal(
      await reauthResult(other.sessionToken, secret, completion),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    expect(await freshUntil(other.sessionToken)).toBeNull()
    expect(
      ((await (await reauthResult(sessionToken, secret, completion)).json()) as { status: string }).status,
    ).toBe('fresh')
    await expectRefusal(
      await reauthResult(sessionToken, secret, completion),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    // And a sign-in's secret makes no session fresh.
    const signInAttempt = await start('google')
    const signInCompletion = await callBack(await signInHeadless(signInAttempt.uri, alice))
    await expectRefusal(
      await reauthResult(other.sessionToken, signInAttempt.secret, signInCompletion),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
  })
})

describe("the providers' configurations, kept", () => {
  const discoveryReads = (fetches: { mock: { calls: unknown[][] } }) =>
    fetches.mock.calls.filter(([url]) => String(url).includes('/.well-known/openid-configuration')).length

  it('reads the discovery document once per PROVIDER_CACHE_MS, not at each start and callback', async () => {
    await signIn('google')
    const fetches = vi.spyOn(globalThis, 'fetch')
    try {
      await signIn('google')
      await signIn('google', bob)
      expect(discoveryReads(fetches)).toBe(0)
      const social = cloud.services.social
      social.now = () => Date.now() + PROVIDER_CACHE_MS + 1
      try {
        await start('google')
      } finally {
        social.now = Date.now
      }
      expect(discoveryReads(fetches)).toBe(1)
    } finally {
      fetches.mockRestore()
    }
  })

  it('a provider that went down fails the next start at once, and when back is read afresh (its new keys)', async () => {
    const oidcPort = await freePort()
    const cloudPort = await freePort()
    const startOidc = () =>
      startDevOidc({ port: oidcPort, clients: devClients(`http://127.0.0.1:${cloudPort}`) })
    let provider = await startOidc()
    const own = await startTestCloud(devSocialEnv(provider.issuer), { port: cloudPort })
    try {
      for (const name of ['google', 'github']) {
        const first = await start(name, newDevice(), own)
        expect((await sendCallback(await signInHeadless(first.uri, alice))).status).toBe(200)
      }
      await provider.close()
      for (const name of ['google', 'github'])
        await expectRefusal(
          await post(
            '/v1/embedded/social/start',
            { provider: name, deviceId: newDevice(), hostOrigin: HOST_ORIGIN },
            undefined,
            own,
          ),
          503,
          'social_unavailable',
          SOCIAL_TEXTS.unavailable,
        )
      // Back with new signing keys: the configuration (and its keys) is read again, so ID tokens verify.
      provider = await startOidc()
      const fetches = vi.spyOn(globalThis, 'fetch')
      try {
        const again = await start('google', newDevice(), own)
        expect(discoveryReads(fetches)).toBe(1)
        expect((await sendCallback(await signInHeadless(again.uri, bob))).status).toBe(200)
      } finally {
        fetches.mockRestore()
      }
    } finally {
      await own.close()
      await provider.close()
    }
  })
})

describe('social login against the development provider', () => {
  it('asks for the code with PKCE, state and nonce at the provider, sending the user back to the callback', async () => {
    const { uri, secret } = await start('google')
    const url = new URL(uri)
    expect(url.origin).toBe(oidc.issuer)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${cloud.url}/v1/embedded/social/callback`,
      scope: 'openid profile email',
    })
    for (const key of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(key)).toBeTruthy()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await (await result(secret)).json()).toEqual({ status: 'pending' })
  })

  it.each(SOCIAL_PROVIDERS)(
    '%s: a session for the identity, the same user on a second sign-in',
    async (provider) => {
      const first = await signIn(provider)
      expect(first.user).toEqual({ email: null, address: null, provider, username: alice.username })
      const session = await cloud.get(
        `/v1/embedded/session?${LOCAL_QUERY}`,
        await signed('GET', '/v1/embedded/session', first.sessionToken),
      )
      expect(await session.json()).toMatchObject({ user: { provider, username: alice.username } })

      const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const stored = await cloud.post(
        `/v1/embedded/shares?${LOCAL_QUERY}`,
        { address, authShare: 'ab', recoveryShare: 'cd' },
        { method: 'PUT', ...(await signed('PUT', '/v1/embedded/shares', first.sessionToken)) },
      )
      expect(stored.status).toBe(200)
      const again = await signIn(provider)
      expect(again.user.address).toBe(address)
      expect(again.sessionToken).not.toBe(first.sessionToken)
    },
  )

  it('keeps users of one provider apart, and the same name on two providers apart', async () => {
    const onGoogle = await signIn('github', bob)
    const onGithubCarol = await signIn('github', carol)
    expect(onGoogle.user.username).toBe('bob')
    expect(onGithubCarol.user.username).toBe('carol0')
    const share = async (token: string, address: string) =>
      cloud.post(
        `/v1/embedded/shares?${LOCAL_QUERY}`,
        { address, authShare: 'ab', recoveryShare: 'cd' },
        { method: 'PUT', ...(await signed('PUT', '/v1/embedded/shares', token)) },
      )
    expect((await share(onGoogle.sessionToken, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).status).toBe(
      200,
    )
    // carol's is another user: her wallet slot is still free.
    expect(
      (await share(onGithubCarol.sessionToken, '0x90F79bf6EB2c4F870365E785982E1f101E93b906')).status,
    ).toBe(200)
    const discordBob = await signIn('discord', bob)
    expect(discordBob.user.address).toBeNull()
  })

  it('refuses a tampered state, a replayed callback and a second collection, with stable codes', async () => {
    const { uri, secret } = await start('x')
    const callback = await signInHeadless(uri, alice)
    const tampered = await withState(callback, `${await stateOf(callback)}x`)
    await expectRefusal(await sendCallback(tampered), 400, 'social_bad_callback', SOCIAL_TEXTS.badCallback)
    const page = await sendCallback(tampered, html)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(SOCIAL_TEXTS.failed)

    const completion = await callBack(callback)
    // The same code and state again (a replay): the state is used.
    await expectRefusal(await sendCallback(callback), 400, 'social_bad_callback', SOCIAL_TEXTS.badCallback)
    expect((await result(secret, false, completion)).status).toBe(200)
    await expectRefusal(
      await result(secret, false, completion),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    await expectRefusal(
      await result('a'.repeat(43), false, completion),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
  })

  it('refuses a code the provider did not issue for this attempt (its PKCE verifier and nonce)', async () => {
    const one = await start('apple')
    const other = await start('apple')
    const callback = await signInHeadless(one.uri, alice)
    // The other attempt's state with this attempt's code: the code was bound to another PKCE challenge.
    const swapped = await withState(callback, new URL(other.uri).searchParams.get('state') as string)
    await expectRefusal(await sendCallback(swapped), 400, 'social_refused', SOCIAL_TEXTS.providerRefused)
    await expectRefused(await result(other.secret), 'social_refused', SOCIAL_TEXTS.providerRefused)
  })

  it('refuses a provider the visitor cancelled at', async () => {
    const { uri, secret } = await start('facebook')
    const state = new URL(uri).searchParams.get('state') as string
    await expectRefusal(
      await cloud.get(`/v1/embedded/social/callback?error=access_denied&state=${state}`),
      400,
      'social_refused',
      SOCIAL_TEXTS.providerRefused,
    )
    await expectRefused(await result(secret), 'social_refused', SOCIAL_TEXTS.providerRefused)
  })

  it('refuses an unknown provider and one without an app', async () => {
    const unknown = await post('/v1/embedded/social/start', {
      provider: 'myspace',
      deviceId: newDevice(),
      hostOrigin: HOST_ORIGIN,
    })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { code: string }).code).toBe('bad_request')
    const bare = await startTestCloud()
    try {
      await expectRefusal(
        await post(
          '/v1/embedded/social/start',
          { provider: 'google', deviceId: newDevice(), hostOrigin: HOST_ORIGIN },
          undefined,
          bare,
        ),
        404,
        'social_not_configured',
        SOCIAL_TEXTS.notConfigured,
      )
    } finally {
      await bare.close()
    }
  })

  it('answers 503 when the provider cannot be reached', async () => {
    const down = await startTestCloud(devSocialEnv(`http://127.0.0.1:${await freePort()}`))
    try {
      await expectRefusal(
        await post(
          '/v1/embedded/social/start',
          { provider: 'google', deviceId: newDevice(), hostOrigin: HOST_ORIGIN },
          undefined,
          down,
        ),
        503,
        'social_unavailable',
        SOCIAL_TEXTS.unavailable,
      )
    } finally {
      await down.close()
    }
  })

  it('holds a waiting result until the callback, answers ready, and leaves the session to a collecting call', async () => {
    const { uri, secret } = await start('discord', newDevice())
    const waiting = result(secret, true)
    const completion = await callBack(await signInHeadless(uri, carol))
    expect(await (await waiting).json()).toEqual({ status: 'ready' })
    // The long poll took nothing: the session is still there for the request that collects it.
    expect(await (await result(secret, false, completion)).json()).toMatchObject({
      status: 'done',
      user: { provider: 'discord', username: 'carol0' },
    })
  })

  it('gives nothing for an attempt past its life, even verified and not yet purged', async () => {
    const { uri, secret } = await start('google')
    const completion = await callBack(await signInHeadless(uri, bob))
    const social = cloud.services.social
    social.now = () => Date.now() + SOCIAL_ATTEMPT_TTL_SECONDS * 1000 + 1
    try {
      await expectRefusal(
        await result(secret, false, completion),
        400,
        'social_bad_callback',
        SOCIAL_TEXTS.badCallback,
      )
    } finally {
      social.now = Date.now
    }
  })

  it('gives the session only with the completion code posted to the opener: a sign-in link sent to a victim gives its sender nothing', async () => {
    // Whoever starts an attempt holds its secret and can send the provider's address to someone else.
    const { uri, secret } = await start('google')
    const callback = await signInHeadless(uri, bob)
    // The victim's browser loads the callback, but the link was not opened from the host page: the code is posted
    // to no one. The sender, with the secret alone, learns the sign-in finished and gets no session.
    const completion = await callBack(callback)
    expect(await (await result(secret)).json()).toEqual({ status: 'ready' })
    await expectRefusal(
      await result(secret, false, 'b'.repeat(43)),
      400,
      'social_bad_callback',
      SOCIAL_TEXTS.badCallback,
    )
    // The opener's code still works after wrong guesses (they are 256-bit: guessing is hopeless, not throttled).
    expect((await result(secret, false, completion)).status).toBe(200)
  })

  it('binds the attempt to the device key that started it: unsigned starts are refused, another key collects nothing', async () => {
    const unsigned = await cloud.post(`/v1/embedded/social/start?${LOCAL_QUERY}`, {
      provider: 'google',
      deviceId: newDevice(),
      hostOrigin: HOST_ORIGIN,
    })
    expect(unsigned.status).toBe(401)
    const { uri, secret } = await start('google')
    const completion = await callBack(await signInHeadless(uri, bob))
    // Secret and code both in hand, but another device key: nothing, and the attempt stays the frame's.
    const thief = await testDevice()
    const path = `/v1/embedded/social/result?${LOCAL_QUERY}`
    const stolen = await cloud.post(
      path,
      { secret, wait: false, completion },
      { headers: await thief.headers('POST', path) },
    )
    await expectRefusal(stolen, 400, 'social_bad_callback', SOCIAL_TEXTS.badCallback)
    expect((await result(secret, false, completion)).status).toBe(200)
  })

  it("keeps the frame's routes to the frame: a browser page of another origin (the host's own) is refused", async () => {
    const body = { provider: 'google', deviceId: newDevice(), hostOrigin: HOST_ORIGIN }
    const path = '/v1/embedded/social/start'
    const from = async (origin: string) =>
      cloud.post(`${path}?${LOCAL_QUERY}`, body, {
        headers: { ...(await device.headers('POST', `${path}?${LOCAL_QUERY}`)), origin },
      })
    const host = await from(HOST_ORIGIN)
    expect(host.status).toBe(403)
    expect(((await host.json()) as { code: string }).code).toBe('origin_not_allowed')
    expect((await from(DEV_FRAME_ORIGIN)).status).toBe(200)
  })

  it('refuses to start for a host origin the project does not allow (the callback would post the code there)', async () => {
    const refused = await post('/v1/embedded/social/start', {
      provider: 'google',
      deviceId: newDevice(),
      hostOrigin: 'https://attacker.example',
    })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { code: string }).code).toBe('origin_not_allowed')
    const malformed = await post('/v1/embedded/social/start', {
      provider: 'google',
      deviceId: newDevice(),
      hostOrigin: 'http://127.0.0.1:5173/path',
    })
    expect(malformed.status).toBe(400)
  })

  // Last: it spends this address's starts for the minute.
  it('bounds one client address: waiting results held at once, then starts a minute', async () => {
    const { uri, secret } = await start('google')
    const waits = Array.from({ length: WAITS_PER_IP }, () => result(secret, true))
    // The held requests are in before the next one asks.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const past = await result(secret, true)
    expect(past.status).toBe(429)
    // The sign-in finishing answers every held request.
    const callback = await signInHeadless(uri, alice)
    await sendCallback(callback)
    await Promise.all(waits.map(async (waiting) => expect((await waiting).status).toBe(200)))

    let refused: Response | undefined
    for (let sent = 0; sent <= STARTS_PER_IP && !refused; sent++) {
      const response = await post('/v1/embedded/social/start', {
        provider: 'google',
        deviceId: newDevice(),
        hostOrigin: HOST_ORIGIN,
      })
      if (response.status === 429) refused = response
      else expect(response.status).toBe(200)
    }
    expect(refused?.status).toBe(429)
  })
})

/**
 * The provider's callback as the popup's browser sends it to the cloud of its redirect URI (a client that is
 * not a browser unless `init` says so): 200 when the user is verified. Its body is read afresh each time.
 */
async function sendCallback(callback: Request, init: { headers?: Record<string, string> } = {}) {
  return fetch(callback.url, {
    method: callback.method,
    headers: { ...Object.fromEntries(callback.headers), ...init.headers },
    ...(callback.method === 'POST' ? { body: await callback.clone().text() } : {}),
    signal: AbortSignal.timeout(10_000),
  })
}

/** The callback's parameters: its query (`query` mode) or its POSTed form (`form_post`). */
const paramsOf = async (callback: Request) =>
  callback.method === 'POST'
    ? new URLSearchParams(await callback.clone().text())
    : new URL(callback.url).searchParams

const stateOf = async (callback: Request) => (await paramsOf(callback)).get('state')

/** `callback` with its `state` replaced, in its own mode. */
async function withState(callback: Request, state: string): Promise<Request> {
  const params = await paramsOf(callback)
  params.set('state', state)
  if (callback.method === 'POST')
    return new Request(callback.url, { method: 'POST', headers: callback.headers, body: params.toString() })
  const url = new URL(callback.url)
  url.search = params.toString()
  return new Request(url)
}
