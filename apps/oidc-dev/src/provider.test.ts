import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar, signInHeadless } from './headless.js'
import { DEV_USER_APIS, type DevOidc, HOST_NOT_ALLOWED, startDevOidc } from './provider.js'
import { TEST_USERS } from './users.js'

const REDIRECT = 'http://127.0.0.1:9/callback'
let oidc: DevOidc
const [alice] = TEST_USERS as [(typeof TEST_USERS)[number]]
/** RFC 7636's example verifier, whose S256 challenge `authorize` sends. */
const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'

beforeAll(async () => {
  oidc = await startDevOidc({
    port: 0,
    clients: [
      { clientId: 'google', clientSecret: 'secret', redirectUris: [REDIRECT] },
      { clientId: 'github', clientSecret: 'secret', redirectUris: [REDIRECT] },
    ],
  })
})
afterAll(() => oidc?.close())

const authorize = (extra: Record<string, string> = {}) =>
  `${oidc.issuer}/auth?${new URLSearchParams({
    client_id: extra.client_id ?? 'google',
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid profile email',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  })}`

describe('the development identity provider', () => {
  it('publishes its discovery document with code flow and PKCE', async () => {
    const discovery = (await (
      await fetch(`${oidc.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery).toMatchObject({ issuer: oidc.issuer, code_challenge_methods_supported: ['S256'] })
    expect(discovery.response_types_supported).toContain('code')
  })

  it("answers only its issuer's name, IP addresses and localhost names: a rebinding page's Host is refused", async () => {
    const { port } = new URL(oidc.issuer)
    const discoveryWith = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = request(
          { host: '127.0.0.1', port, path: '/.well-known/openid-configuration', headers: { host } },
          (response) => {
            let body = ''
            response.on('data', (chunk: Buffer) => {
              body += chunk.toString('utf8')
            })
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
          },
        )
        sent.on('error', reject)
        sent.end()
      })
    expect(await discoveryWith(`attacker.example:${port}`)).toEqual({ status: 421, body: HOST_NOT_ALLOWED })
    for (const host of [`127.0.0.1:${port}`, `oidc.allaccess.localhost:${port}`]) {
      const allowed = await discoveryWith(host)
      expect(allowed.status, host).toBe(200)
      expect(allowed.body).not.toContain('attacker')
    }
  })

  it('signs a test user in at its login page and sends them back with a code and the state', async () => {
    const back = new URL((await signInHeadless(authorize(), alice)).url)
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('state')).toBe('state-1')
    expect(back.searchParams.get('code')).toBeTruthy()
  })

  it('keeps one session per provider: a browser signed in at one is asked to log in at another, not at the same', async () => {
    const browser = new CookieJar()
    const wrong = { ...alice, password: 'wrong' }
    await signInHeadless(authorize(), alice, browser)
    // Asked to log in at GitHub (so a wrong password is refused), though signed in at Google in this browser.
    await expect(signInHeadless(authorize({ client_id: 'github' }), wrong, browser)).rejects.toThrow(/401/)
    // Google's own session still signs in without a login (the wrong password is never asked for).
    const again = new URL((await signInHeadless(authorize(), wrong, browser)).url)
    expect(again.searchParams.get('code')).toBeTruthy()
  })

  it('sends the user back by a POSTed form for response_mode=form_post', async () => {
    const formPost = await signInHeadless(authorize({ response_mode: 'form_post' }), alice)
    expect(formPost.method).toBe('POST')
    expect(formPost.url).toBe(REDIRECT)
    expect(formPost.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(await formPost.text())
    expect(form.get('state')).toBe('state-1')
    expect(form.get('code')).toBeTruthy()
    expect(form.get('iss')).toBe(oidc.issuer)
  })

  it('refuses a wrong password, a request without PKCE and an unregistered redirect URI', async () => {
    await expect(signInHeadless(authorize(), { ...alice, password: 'wrong' })).rejects.toThrow(/401/)
    const noPkce = new URL(
      (await signInHeadless(authorize({ code_challenge: '', code_challenge_method: '' }), alice)).url,
    )
    expect(noPkce.searchParams.get('error')).toBe('invalid_request')
    const elsewhere = await fetch(authorize({ redirect_uri: 'http://evil.example/cb' }), {
      redirect: 'manual',
    })
    expect(elsewhere.status).toBe(400)
  })

  it("answers GitHub's and X's user APIs, in their shapes, for its access token (asked without openid)", async () => {
    const back = new URL((await signInHeadless(authorize({ scope: 'read:user', nonce: '' }), alice)).url)
    const token = await fetch(`${oidc.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('google:secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') as string,
        redirect_uri: REDIRECT,
        code_verifier: CODE_VERIFIER,
      }),
    })
    const tokens = (await token.json()) as { access_token: string; id_token?: string; scope: string }
    expect(token.status).toBe(200)
    expect(tokens.id_token).toBeUndefined()
    expect(tokens.scope).toBe('read:user')
    const user = (api: { path: string }, bearer = tokens.access_token) =>
      fetch(`${oidc.issuer}${api.path}`, { headers: { authorization: `Bearer ${bearer}` } })
    expect(await (await user(DEV_USER_APIS.github)).json()).toEqual({
      id: alice.id,
      login: 'alice',
      name: alice.name,
    })
    expect(await (await user(DEV_USER_APIS.x)).json()).toEqual({
      data: { id: String(alice.id), username: 'alice', name: alice.name },
    })
    expect((await user(DEV_USER_APIS.github, `${tokens.access_token}x`)).status).toBe(401)
    expect((await fetch(`${oidc.issuer}${DEV_USER_APIS.x.path}`)).status).toBe(401)
  })
})
