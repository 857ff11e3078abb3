import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isHostAllowed, isLoopbackAddress } from '@allaccess/protocol'
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider'
import { TEST_USERS, type TestUser } from './users.js'

/**
 * The user APIs of the providers that speak plain OAuth 2.0, emulated in their real JSON shapes for an access
 * token this provider issued: GitHub's `GET /user` and X's `GET /2/users/me`.
 */
export const DEV_USER_APIS = {
  github: {
    path: '/dev-api/github/user',
    profile: (user: TestUser) => ({ id: user.id, login: user.username, name: user.name }),
  },
  x: {
    path: '/dev-api/x/2/users/me',
    profile: (user: TestUser) => ({
      data: { id: String(user.id), username: user.username, name: user.name },
    }),
  },
} as const
/** The scopes the real GitHub and X apps ask for (besides OpenID Connect's): known here, so they are granted. */
const PLAIN_OAUTH_SCOPES = ['read:user', 'users.read', 'tweet.read']

/** One OAuth client per provider name, all against this issuer. */
export type DevClient = { clientId: string; clientSecret: string; redirectUris: string[] }

export type DevOidcOptions = {
  /** 0 picks a free port. */
  port: number
  host?: string
  clients: DevClient[]
}

export type DevOidc = { issuer: string; close(): Promise<void> }

/** The texts of the login page, named once (the tests find its controls by them). */
export const LOGIN_TEXTS = {
  title: (client: string) => `Sign in to ${client}`,
  note: 'Development identity provider: test users only (see the README).',
  username: 'Username',
  password: 'Password',
  submit: 'Sign in',
  cancel: 'Cancel',
  wrong: 'Wrong username or password.',
} as const

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function loginPage(uid: string, client: string, error?: string): string {
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(LOGIN_TEXTS.title(client))}</title><style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}main{max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input{font:inherit;width:100%;padding:.4rem;box-sizing:border-box}button{font:inherit;margin-top:1.25rem;margin-right:.5rem;padding:.5rem 1.25rem}[role=alert]{color:#b00020}@media (prefers-color-scheme:dark){[role=alert]{color:#ff8a80}}</style></head><body><main><h1>${escapeHtml(LOGIN_TEXTS.title(client))}</h1><p>${escapeHtml(LOGIN_TEXTS.note)}</p>${alert}<form method="post" action="/interaction/${escapeHtml(uid)}/login"><label for="username">${LOGIN_TEXTS.username}</label><input id="username" name="username" autocomplete="username" required autofocus><label for="password">${LOGIN_TEXTS.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required><button type="submit">${LOGIN_TEXTS.submit}</button></form><form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">${LOGIN_TEXTS.cancel}</button></form></main></body></html>`
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > 4096) break
  }
  return new URLSearchParams(body)
}

/** The answer to a request for a name that is not the issuer's. */
export const HOST_NOT_ALLOWED = "Host not allowed: this identity provider answers only its issuer's name"

function send(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: the login's answer redirects on to the client's redirect URI, another origin.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  })
  response.end(html)
}

/**
 * A real OpenID Connect provider (oidc-provider) for development and tests: authorization code with PKCE, signed
 * ID tokens, a login page for the test users, consent granted (every client is first-party). Keys are made at
 * each start: tokens never outlive the process.
 */
/**
 * One login per provider: this one process plays all six, and one browser session of it signed in to every one of
 * them at once. A session made at another client (provider) asks for the login again; the same client's doesn't.
 */
function perProviderLogin() {
  /** The providers each browser session logged in at (by the session's id): kept as long as the process. */
  const loggedIn = new Set<string>()
  const policy = interactionPolicy.base()
  const { Check } = interactionPolicy
  policy.get('login')?.checks.add(
    new Check('other_provider', 'Sign in at this provider', 'login_required', (ctx) => {
      const { session, client, result } = ctx.oidc
      if (!session?.accountId || !client) return Check.NO_NEED_TO_PROMPT
      const key = `${session.uid}\n${client.clientId}`
      // The login just made at this provider (resuming after its form).
      if (result?.login) loggedIn.add(key)
      return loggedIn.has(key) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT
    }),
  )
  return policy
}

export async function startDevOidc(options: DevOidcOptions): Promise<DevOidc> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port: options.port, host }, resolve)
  })
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host}:${port}`
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'dev' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Short lives: nothing here is meant to last past a sign-in (and the keys die with the process).
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    scopes: ['openid', 'offline_access', ...PLAIN_OAUTH_SCOPES],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    // The ID token carries the claims (no userinfo call needed).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: perProviderLogin(),
    },
    async findAccount(_ctx, sub) {
      const user = TEST_USERS.find((candidate) => candidate.username === sub)
      if (!user) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: user.name,
          preferred_username: user.username,
          email: user.email,
          email_verified: true,
        }),
      }
    },
    // First-party clients: the scopes asked are granted without a consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const existing = session.grantIdFor(client.clientId)
      if (existing) return ctx.oidc.provider.Grant.find(existing)
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(
        [...new Set(['openid', 'profile', 'email', ...ctx.oidc.requestParamScopes])].join(' '),
      )
      await grant.save()
      return grant
    },
  }
  const provider = new Provider(issuer, configuration)
  // Its own pages (the form_post page) get a CSP too: oidc-provider adds its inline script's hash to script-src;
  // no form-action, so the form may post to the client's redirect URI on another origin.
  provider.use(async (ctx, next) => {
    ctx.set('content-security-policy', "default-src 'none'; script-src 'self'")
    await next()
  })
  const callback = provider.callback()

  /** An emulated user API: the signed-in test user of a valid access token, else GitHub's and X's 401. */
  async function userApi(
    request: IncomingMessage,
    response: ServerResponse,
    api: (typeof DEV_USER_APIS)[keyof typeof DEV_USER_APIS],
  ) {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
    const accessToken = token ? await provider.AccessToken.find(token) : undefined
    const user = TEST_USERS.find((candidate) => candidate.username === accessToken?.accountId)
    response.writeHead(user ? 200 : 401, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    response.end(JSON.stringify(user ? api.profile(user) : { message: 'Bad credentials', status: '401' }))
  }

  // oidc-provider writes its endpoints' URLs from the request's Host: a DNS-rebinding page would get its own
  // name in the discovery document. Only the issuer's name, IP addresses and (on loopback) localhost names.
  const names = new Set([new URL(issuer).hostname])
  const localhostNames = isLoopbackAddress(host)
  server.on('request', async (request: IncomingMessage, response: ServerResponse) => {
    if (!isHostAllowed(request.headers.host, names, localhostNames)) {
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
      return response.end(HOST_NOT_ALLOWED)
    }
    const api = Object.values(DEV_USER_APIS).find(({ path }) => path === request.url)
    if (api && request.method === 'GET') return userApi(request, response, api)
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(request.url ?? '')
    if (!match) return callback(request, response)
    try {
      const details = await provider.interactionDetails(request, response)
      const client = String(details.params.client_id ?? '')
      if (match[2] === 'abort') {
        return await provider.interactionFinished(
          request,
          response,
          { error: 'access_denied', error_description: 'The user cancelled.' },
          { mergeWithLastSubmission: false },
        )
      }
      if (match[2] === 'login' && request.method === 'POST') {
        const form = await formOf(request)
        const user = TEST_USERS.find(
          (candidate) =>
            candidate.username === form.get('username') && candidate.password === form.get('password'),
        )
        if (!user) return send(response, 401, loginPage(details.uid, client, LOGIN_TEXTS.wrong))
        return await provider.interactionFinished(
          request,
          response,
          { login: { accountId: user.username } },
          { mergeWithLastSubmission: false },
        )
      }
      return send(response, 200, loginPage(details.uid, client))
    } catch {
      send(response, 400, '<!doctype html><title>Expired</title><p>This sign-in expired. Start again.</p>')
    }
  })

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
