// Long because one attempt's lifecycle (start bound to the device key, callback, result, re-authentication) shares
// its table and time-outs; the provider clients, limits and config already live beside it.
import { timingSafeEqual } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  ERROR_CODES,
  SOCIAL_CALLBACK_PATH,
  SOCIAL_PROVIDERS,
  SOCIAL_TEXTS,
  type SocialProvider,
  type SocialReauthResultResponse as SocialReauthResult,
  type SocialResultResponse as SocialResult,
} from '@allaccess/protocol'
import { and, eq, gt, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import * as oidc from 'openid-client'
import type { PublicUrl } from '../config/index.js'
import type { Db } from '../db/index.js'
import {
  type DeviceBinding,
  type EmbeddedService,
  newToken,
  type ProofInput,
  type SessionAuth,
  sha256,
} from '../embedded/index.js'
import type { LiveSession } from '../embedded/service.js'
import { embeddedSocialAttempts as attempts } from '../embedded/tables.js'
import { BadRequestError, OriginNotAllowedError, TooManyRequestsError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { Project } from '../projects/index.js'
import type { SocialConfig, SocialResponseMode } from './config.js'
import { SocialError } from './errors.js'
import { ATTEMPT_TTL_MS, RESULT_POLL_MS, STARTS_PER_IP, STARTS_WINDOW_MS, WAITS_PER_IP } from './limits.js'
import { ProviderClients } from './provider-client.js'

/** The provider's no, as the result routes answer it. */
type Refused = Extract<SocialResult, { status: 'refused' }>

type Attempt = typeof attempts.$inferSelect
/** What a new attempt is for: the provider, the device (id and key), the host page and the frame's origin. */
type NewAttempt = Pick<Attempt, 'deviceId' | 'hostOrigin' | 'deviceKey' | 'frameOrigin'> & {
  provider: SocialProvider
}

/**
 * Social login (docs/embedded-wallet.md#social-login): the cloud is the OpenID Connect or plain OAuth 2.0 client
 * of each configured provider (ProviderClients: authorization code with PKCE and `state`; the ID token verified,
 * or the provider's user API read). The frame
 * starts an attempt and keeps its secret; the provider sends the popup to the callback; the frame collects a
 * session for the identity with the secret (`EmbeddedService.signInWithIdentity`). Everything is in the database.
 */
export class SocialService {
  /** The clock of expiries; tests replace it to step past them. */
  now: () => number = Date.now
  private readonly timer: NodeJS.Timeout
  /** Starts per client address: 429 past STARTS_PER_IP a minute. */
  private readonly startsByIp = new SlidingWindowLimit(
    () => STARTS_PER_IP,
    STARTS_WINDOW_MS,
    () => this.now(),
  )
  /** Waiting result requests held per client address. */
  private readonly waitsByIp = new Map<string, number>()

  private readonly clients: ProviderClients

  constructor(
    private readonly db: Db,
    private readonly config: SocialConfig,
    private readonly embedded: EmbeddedService,
    private readonly publicUrl: PublicUrl,
    private readonly log: FastifyBaseLogger,
    private readonly resultWaitMs: number,
  ) {
    this.clients = new ProviderClients(config, log, () => this.now())
    this.timer = setInterval(() => this.purge(), ATTEMPT_TTL_MS)
    this.timer.unref()
  }

  /** The providers the cloud has an app for. */
  providers(): SocialProvider[] {
    return Object.keys(this.config) as SocialProvider[]
  }

  /** The redirect URI to register with every provider. */
  callbackUrl(): string {
    return this.publicUrl.http(SOCIAL_CALLBACK_PATH)
  }

  /**
   * getSocialRedirectUri (docs/embedded-wallet.md#social-login): a new attempt for the device, and the provider's
   * authorization URL for the popup. `secret` collects the result; only the frame has it. `hostOrigin`, the page that
   * opens the popup, must be one the project allows. The attempt is bound to the device key `proof` proves (only it
   * collects the result) and to the frame's origin (`origin`, the request's): the callback hands the completion code
   * to the frame on that origin only, never to the host page (docs/embedded-wallet.md#sign-in-binding).
   */
  async start(
    attempt: { provider: SocialProvider; deviceId: string; hostOrigin: string },
    project: Project,
    proof: ProofInput,
    origin: string | undefined,
    ip: string,
  ): Promise<{ uri: string; secret: string }> {
    const frameOrigin = this.embedded.frameOriginOf(origin)
    const { deviceKey } = await this.embedded.bindDevice(proof, project.id)
    return this.open({ ...attempt, deviceKey, frameOrigin }, null, project.allowedOrigins, ip)
  }

  /**
   * A re-authentication of a social session before a key export (docs/embedded-wallet.md#export): an attempt
   * bound to the session, at the provider it signed in with, which asks for a new login (OpenID Connect's
   * `prompt=login`, `max_age=0`). Its callback makes the session fresh only for the same user at the provider.
   */
  async startReauth(
    auth: SessionAuth,
    hostOrigin: string,
    allowedOrigins: readonly string[],
    origin: string | undefined,
    ip: string,
  ): Promise<{ uri: string; secret: string }> {
    const frameOrigin = this.embedded.frameOriginOf(origin)
    const session = await this.embedded.session(auth)
    const provider = SOCIAL_PROVIDERS.find((candidate) => candidate === session.provider)
    if (!provider || session.subject === null) throw new BadRequestError(SOCIAL_TEXTS.noSocialIdentity)
    const { deviceId, deviceKey } = session
    return this.open({ provider, deviceId, hostOrigin, deviceKey, frameOrigin }, session, allowedOrigins, ip)
  }

  /** A new attempt: a sign-in, or the re-authentication of `session`. */
  private async open(
    attempt: NewAttempt,
    session: LiveSession | null,
    allowedOrigins: readonly string[],
    ip: string,
  ): Promise<{ uri: string; secret: string }> {
    const { provider, hostOrigin } = attempt
    if (!this.embedded.admitsHost(allowedOrigins, hostOrigin)) throw new OriginNotAllowedError()
    this.startsByIp.take(ip)
    const checks = {
      codeVerifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      // Plain OAuth 2.0 has no ID token to carry a nonce: the PKCE verifier and the state bind the attempt.
      nonce: this.clients.isOidc(provider) ? oidc.randomNonce() : '',
    }
    const uri = await this.clients.authorizationUrl(provider, this.callbackUrl(), checks, {
      reprompt: session !== null,
    })
    const secret = newToken()
    await this.db.insert(attempts).values({
      stateHash: sha256(checks.state),
      secretHash: sha256(secret),
      ...attempt,
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      expiresAt: this.now() + ATTEMPT_TTL_MS,
      sessionHash: session?.tokenHash ?? null,
      expectedSubject: session?.subject ?? null,
    })
    return { uri: uri.href, secret }
  }

  /**
   * The provider's redirect back (`query`) or its POSTed form (`form_post`): the attempt of `state` is claimed
   * (once: a replayed or tampered callback is refused, and so is one in another mode than its provider's), the
   * code exchanged with its PKCE verifier, the user read from the ID token or the user API (`givenName`, Apple's
   * first-sign-in name, when the ID token has none).
   * Gives the completion code for the frame on `frameOrigin` inside the popup's opener: without it the session is
   * never given, so a sign-in link opened anywhere but in the popup of the page that started it (a phishing link)
   * finishes nothing, and the host page never holds it.
   */
  async callback(
    params: URLSearchParams,
    responseMode: SocialResponseMode,
    givenName?: string,
  ): Promise<{ frameOrigin: string; completion: string }> {
    const state = params.get('state') ?? ''
    const now = this.now()
    const inMode = this.providers().filter((provider) => this.clients.responseMode(provider) === responseMode)
    if (inMode.length === 0) throw new SocialError('badCallback')
    const [attempt] = await this.db
      .update(attempts)
      .set({ calledBackAt: now })
      .where(
        and(
          eq(attempts.stateHash, sha256(state)),
          isNull(attempts.calledBackAt),
          gt(attempts.expiresAt, now),
          inArray(attempts.provider, inMode),
        ),
      )
      .returning()
    if (!attempt) throw new SocialError('badCallback')
    const fail = async (error: Error) => {
      await this.db
        .update(attempts)
        .set({ failure: error.message })
        .where(eq(attempts.stateHash, attempt.stateHash))
      throw error
    }
    // openid-client reads the response from the URL; a POSTed form's fields are the same parameters.
    const currentUrl = new URL(`${this.callbackUrl()}?${params}`)
    const reprompt = attempt.sessionHash !== null
    const profile = await this.clients
      .profile(
        attempt.provider as SocialProvider,
        currentUrl,
        { codeVerifier: attempt.codeVerifier, state, nonce: attempt.nonce },
        { reprompt, givenName },
      )
      .catch(fail)
    // A re-authentication proves the session's user only: another account at the provider makes nothing fresh.
    if (reprompt && profile.subject !== attempt.expectedSubject) await fail(new SocialError('otherAccount'))
    const completion = newToken()
    await this.db
      .update(attempts)
      .set({ ...profile, completionHash: sha256(completion) })
      .where(eq(attempts.stateHash, attempt.stateHash))
    return { frameOrigin: attempt.frameOrigin, completion }
  }

  /**
   * The attempt's result for the frame, by its secret: `pending` before the callback verified the user. With
   * `wait`, holds the request up to the cloud's bound (less when `signal` aborts) and answers `ready` once the
   * user is verified; without, gives the session (once) for the completion code the callback gave the popup's
   * opener, and only `ready` without one. The session is bound to the device key `proof` proves and to
   * `projectId`; a request without that proof is refused before it reads the attempt.
   */
  async result(
    request: { secret: string; wait: boolean; completion?: string | undefined },
    proof: ProofInput,
    projectId: string,
    signal: AbortSignal,
    ip: string,
  ): Promise<SocialResult> {
    const binding = await this.embedded.bindDevice(proof, projectId)
    // A sign-in's secret, with its attempt started by this very key: a secret or code taken elsewhere is worth nothing.
    const owner = and(isNull(attempts.sessionHash), eq(attempts.deviceKey, binding.deviceKey)) as SQL
    return this.answer(request, owner, signal, ip, (attempt, completion) =>
      this.collect(attempt, completion, binding),
    )
  }

  /**
   * A re-authentication's result, as `result` gives a sign-in's, for the session that started it only (by its
   * token): with the completion code the session is made fresh (once) and `freshUntil` answered.
   */
  async reauthResult(
    auth: SessionAuth,
    request: { secret: string; wait: boolean; completion?: string | undefined },
    signal: AbortSignal,
    ip: string,
  ): Promise<SocialReauthResult> {
    const session = await this.embedded.session(auth)
    const owner = eq(attempts.sessionHash, session.tokenHash)
    return this.answer(request, owner, signal, ip, async (attempt, completion) => {
      await this.claim(attempt, completion)
      return { status: 'fresh', freshUntil: await this.embedded.makeFresh(session.tokenHash) }
    })
  }

  /**
   * The attempt's answer (`owner`: a sign-in's device key, or a re-authentication's session; a sign-in's secret gives
   * no freshness, a re-authentication's no session, nor another session's), `done` by `finish`.
   */
  private async answer<Done>(
    request: { secret: string; wait: boolean; completion?: string | undefined },
    owner: SQL,
    signal: AbortSignal,
    ip: string,
    finish: (attempt: Attempt, completion: string) => Promise<Done>,
  ): Promise<Done | { status: 'pending' } | { status: 'ready' } | Refused> {
    const { secret, wait, completion } = request
    if (!wait) return this.look(secret, owner, false, completion, signal, finish)
    const held = this.waitsByIp.get(ip) ?? 0
    if (held >= WAITS_PER_IP) throw new TooManyRequestsError(1)
    this.waitsByIp.set(ip, held + 1)
    try {
      return await this.look(secret, owner, true, undefined, signal, finish)
    } finally {
      const left = (this.waitsByIp.get(ip) ?? 1) - 1
      if (left === 0) this.waitsByIp.delete(ip)
      else this.waitsByIp.set(ip, left)
    }
  }

  /**
   * The attempt's result; with `wait`, looked for every RESULT_POLL_MS for up to the cloud's bound. The session
   * only with `completion`; without, `ready` once the user is verified.
   */
  private async look<Done>(
    secret: string,
    owner: SQL,
    wait: boolean,
    completion: string | undefined,
    signal: AbortSignal,
    finish: (attempt: Attempt, completion: string) => Promise<Done>,
  ): Promise<Done | { status: 'pending' } | { status: 'ready' } | Refused> {
    const deadline = performance.now() + (wait ? this.resultWaitMs : 0)
    for (;;) {
      const [attempt] = await this.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.secretHash, sha256(secret)), isNull(attempts.collectedAt), owner))
      if (!attempt) throw new SocialError('badCallback')
      // The provider's no is the attempt's answer (200), not a failed request: the frame asks once more as its
      // popup closes, and a refusal then must not read as an error in its console.
      if (attempt.failure !== null)
        return attempt.failure === SOCIAL_TEXTS.otherAccount
          ? { status: 'refused', code: ERROR_CODES.socialOtherAccount, message: SOCIAL_TEXTS.otherAccount }
          : { status: 'refused', code: ERROR_CODES.socialRefused, message: SOCIAL_TEXTS.providerRefused }
      if (attempt.subject !== null && attempt.username !== null)
        return completion === undefined ? { status: 'ready' } : finish(attempt, completion)
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted || attempt.expiresAt <= this.now()) return { status: 'pending' }
      await sleep(Math.min(RESULT_POLL_MS, left), undefined, { signal }).catch(() => {})
    }
  }

  close(): void {
    clearInterval(this.timer)
  }

  private async collect(attempt: Attempt, completion: string, binding: DeviceBinding): Promise<SocialResult> {
    await this.claim(attempt, completion)
    const signedIn = await this.embedded.signInWithIdentity(
      {
        provider: attempt.provider as SocialProvider,
        subject: attempt.subject as string,
        username: attempt.username as string,
      },
      attempt.deviceId,
      binding,
    )
    return { status: 'done', ...signedIn }
  }

  /** The attempt's completion code checked and the attempt used up (once, while it lives). */
  private async claim(attempt: Attempt, completion: string): Promise<void> {
    const expected = attempt.completionHash === null ? undefined : Buffer.from(attempt.completionHash)
    const given = Buffer.from(sha256(completion))
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new SocialError('badCallback')
    const claimed = await this.db
      .update(attempts)
      .set({ collectedAt: this.now() })
      .where(
        and(
          eq(attempts.stateHash, attempt.stateHash),
          isNull(attempts.collectedAt),
          isNotNull(attempts.subject),
          // An attempt past its life gives nothing, even before the purge deletes it.
          gt(attempts.expiresAt, this.now()),
        ),
      )
      .returning({ stateHash: attempts.stateHash })
    if (claimed.length === 0) throw new SocialError('badCallback')
  }

  private purge(): void {
    this.startsByIp.purge()
    this.db
      .delete(attempts)
      .where(lte(attempts.expiresAt, this.now()))
      .catch((error: unknown) => this.log.warn({ err: error }, 'social attempts purge failed'))
  }
}
