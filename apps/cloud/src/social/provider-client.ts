import type { SocialProvider } from '@allaccess/protocol'
import type { FastifyBaseLogger } from 'fastify'
import * as oidc from 'openid-client'
import { isLoopback, type SocialConfig, type SocialProviderConfig } from './config.js'
import { SocialError } from './errors.js'
import { PROFILE_MAX_BYTES, PROVIDER_CACHE_MS, PROVIDER_TIMEOUT_SECONDS } from './limits.js'
import { type Profile, parseJson, readClaims, readProfile } from './profiles.js'

/** What one attempt keeps between the authorization request and the callback. */
export type AttemptChecks = { codeVerifier: string; state: string; nonce: string }

/** A provider that did not answer (refused connection, reset, time-out), unlike one that answered no. */
const isUnreachable = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))

/** The body up to `maxBytes`; undefined past it (the rest is not read). */
async function readText(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  // A reader, not `for await`: the DOM's ReadableStream type (the benchmarks compile this too) has no iterator.
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The cloud as the client of each configured provider (docs/embedded-wallet.md#social-login): builds the
 * authorization URL and turns the callback into the user's profile. An OpenID Connect provider's configuration
 * comes from its discovery document, a plain OAuth 2.0 provider's from its three endpoints; either is kept for
 * PROVIDER_CACHE_MS (with the provider's keys), never after a failure, and dropped when the provider stops
 * answering, so the next sign-in reads it afresh.
 */
export class ProviderClients {
  private readonly cache = new Map<SocialProvider, { configuration: oidc.Configuration; until: number }>()

  constructor(
    private readonly config: SocialConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /** How `provider` sends the user back to the callback: a redirect (`query`) or a POSTed form (`form_post`). */
  responseMode(provider: SocialProvider) {
    return this.app(provider).responseMode
  }

  /** Whether `provider` signs in by OpenID Connect (with a nonce and an ID token). */
  isOidc(provider: SocialProvider): boolean {
    return this.app(provider).mode === 'oidc'
  }

  /**
   * The provider's authorization URL for an attempt (code, PKCE S256, `state`, and `nonce` for OpenID Connect;
   * with `reprompt`, `prompt=login` and `max_age=0` for OpenID Connect).
   * The provider's token endpoint must answer (anything): the cloud needs it to finish, so a provider that is
   * down fails here, before the popup shows its error page.
   */
  async authorizationUrl(
    provider: SocialProvider,
    redirectUri: string,
    checks: AttemptChecks,
    { reprompt }: { reprompt: boolean },
  ): Promise<URL> {
    const app = this.app(provider)
    const configuration = await this.configuration(provider)
    const tokenEndpoint = configuration.serverMetadata().token_endpoint as string
    await fetch(tokenEndpoint, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
    }).then(
      (response) => response.body?.cancel(),
      (error: unknown) => this.unreachable(provider, error),
    )
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      ...(app.scope ? { scope: app.scope } : {}),
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      ...(app.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
      ...(app.mode === 'oidc' ? { nonce: checks.nonce } : {}),
      // A re-authentication must be a new login, not the provider's remembered session (OpenID Connect only:
      // plain OAuth 2.0 has no such parameter, its flow is simply run again).
      ...(reprompt && app.mode === 'oidc' ? { prompt: 'login', max_age: '0' } : {}),
    })
  }

  /**
   * The user of the provider's redirect back to `callbackUrl`: the code exchanged with its PKCE verifier; for
   * OpenID Connect the ID token's signature, audience and nonce checked, for plain OAuth 2.0 the user API read
   * with the access token; with `reprompt` (OpenID Connect) the ID token's `auth_time` must be now. `givenName`
   * (Apple's form_post `user`, first sign-in only) names the user when the ID token has no name. Throws
   * SocialError('unavailable') when the provider does not answer, SocialError('refused') when it refuses or answers
   * something that is not a user.
   */
  async profile(
    provider: SocialProvider,
    callbackUrl: URL,
    checks: AttemptChecks,
    { reprompt, givenName }: { reprompt: boolean; givenName?: string | undefined },
  ): Promise<Profile> {
    const app = this.app(provider)
    const configuration = await this.configuration(provider)
    const tokens = await oidc
      .authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(app.mode === 'oidc' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
        // The ID token's `auth_time` must show the login the re-authentication asked for (max_age=0).
        ...(reprompt && app.mode === 'oidc' ? { maxAge: 0 } : {}),
      })
      .catch((error: unknown) => this.fail(provider, error))
    if (app.mode === 'oidc') {
      const claims = tokens.claims()
      const profile = claims && readClaims(claims, givenName)
      if (!profile) throw new SocialError('refused')
      return profile
    }
    const response = await oidc
      .fetchProtectedResource(
        configuration,
        tokens.access_token,
        app.userinfoUrl,
        'GET',
        undefined,
        new Headers({ accept: 'application/json' }),
      )
      .catch((error: unknown) => this.fail(provider, error))
    const text = await readText(response, PROFILE_MAX_BYTES).catch((error: unknown) =>
      this.fail(provider, error),
    )
    const profile = response.ok && text !== undefined ? readProfile(provider, parseJson(text)) : undefined
    if (!profile) {
      this.log.info({ provider, status: response.status }, 'social user API answered no user')
      throw new SocialError('refused')
    }
    return profile
  }

  private app(provider: SocialProvider): SocialProviderConfig {
    const app = this.config[provider]
    if (!app) throw new SocialError('notConfigured')
    return app
  }

  /** The provider's configuration: kept, or built from its endpoints or read from its discovery document. */
  private async configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    const cached = this.cache.get(provider)
    if (cached && cached.until > this.now()) return cached.configuration
    const app = this.app(provider)
    const clientAuth = oidc.ClientSecretBasic(app.clientSecret)
    let configuration: oidc.Configuration
    if (app.mode === 'oidc') {
      try {
        configuration = await oidc.discovery(app.issuer, app.clientId, undefined, clientAuth, {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          ...(isLoopback(app.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
      } catch (error) {
        this.log.warn({ err: error, provider }, 'social provider unreachable')
        throw new SocialError('unavailable')
      }
    } else {
      // No discovery: the issuer is the authorization server's origin (what it sends as `iss`, if it does).
      configuration = new oidc.Configuration(
        {
          issuer: app.authorizationUrl.origin,
          authorization_endpoint: app.authorizationUrl.href,
          token_endpoint: app.tokenUrl.href,
        },
        app.clientId,
        undefined,
        clientAuth,
      )
      configuration.timeout = PROVIDER_TIMEOUT_SECONDS
      if ([app.authorizationUrl, app.tokenUrl, app.userinfoUrl].some(isLoopback))
        oidc.allowInsecureRequests(configuration)
    }
    this.cache.set(provider, { configuration, until: this.now() + PROVIDER_CACHE_MS })
    return configuration
  }

  /** A failed call to the provider: unavailable (and its configuration dropped) or refused. */
  private fail(provider: SocialProvider, error: unknown): never {
    if (isUnreachable(error)) this.unreachable(provider, error)
    this.log.info({ err: error, provider }, 'social sign-in refused')
    throw new SocialError('refused')
  }

  private unreachable(provider: SocialProvider, error: unknown): never {
    this.cache.delete(provider)
    this.log.warn({ err: error, provider }, 'social provider unreachable')
    throw new SocialError('unavailable')
  }
}
