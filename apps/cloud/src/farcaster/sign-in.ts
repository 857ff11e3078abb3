import { timingSafeEqual } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  ERROR_CODES,
  type FarcasterReauthResultResponse,
  type FarcasterResultResponse,
} from '@allaccess/protocol'
import {
  type EmbeddedService,
  newToken,
  type ProofInput,
  type SessionAuth,
  sha256,
} from '../embedded/index.js'
import { OriginNotAllowedError, TooManyRequestsError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { Project } from '../projects/index.js'
import { ChannelStore } from './channels.js'
import { FarcasterError } from './errors.js'
import {
  COMPLETION_GUESSES_PER_IP,
  COMPLETION_GUESSES_WINDOW_MS,
  SIGN_IN_POLL_MS,
  SIGN_IN_WAITS_PER_IP,
  SIGN_INS_PER_IP,
  SIGN_INS_WINDOW_MS,
} from './limits.js'
import { completionHashOf, type FarcasterService, type VerifiedApproval } from './service.js'

/**
 * One sign-in in flight, by its secret's hash: the channel it waits on and the device it signs in; or the
 * re-authentication of a session (`reauth`: the session's token hash and the fid it must prove).
 */
type Attempt = {
  token: string
  client: string
  expiresAt: number
  channelToken: string
  deviceId: string
  /** The device key that started it: only it collects the session (docs/embedded-wallet.md#sign-in-binding). */
  deviceKey: string
  reauth: { sessionHash: string; fid: number } | null
  /** The verified approval, taken from the channel (once) by a request that could not hand the session on. */
  approval?: VerifiedApproval
}

/**
 * What answers an attempt once its approval is verified: a sign-in's session (or `ready` while its completion code
 * is not given), or a session made fresh. It ends the attempt (`attempts.delete`) when it uses it.
 */
type Finish<Done> = (attempt: Attempt, approval: VerifiedApproval) => Promise<Done>

/** Whether `code` is the completion code whose hash the approval keeps (none: no code is). */
function isCompletion(code: string, expectedHash: string | null): boolean {
  if (expectedHash === null) return false
  return timingSafeEqual(Buffer.from(completionHashOf(code)), Buffer.from(expectedHash))
}

/**
 * The embedded wallet's Sign In With Farcaster (docs/embedded-wallet.md#farcaster): a channel on the cloud's own
 * relay for the frame's device and host page, and, once the Farcaster app's approval is verified, a session for the
 * fid through `EmbeddedService.signInWithIdentity` — or, for a re-authentication before a key export, the session
 * made fresh through `EmbeddedService.makeFresh`, as the social path does. In memory, like the relay's channels, and
 * as long-lived.
 */
export class FarcasterSignIn {
  /** The clock of the bounds; tests replace it. */
  now: () => number = Date.now
  private readonly attempts = new ChannelStore<Attempt>(() => this.now())
  private readonly startsByIp = new SlidingWindowLimit(
    () => SIGN_INS_PER_IP,
    SIGN_INS_WINDOW_MS,
    () => this.now(),
  )
  private readonly waitsByIp = new Map<string, number>()
  /** Wrong completion codes per client address: each ends its sign-in, and past the bound none is even compared. */
  private readonly wrongCompletionsByIp = new SlidingWindowLimit(
    () => COMPLETION_GUESSES_PER_IP,
    COMPLETION_GUESSES_WINDOW_MS,
    () => this.now(),
  )

  constructor(
    private readonly farcaster: FarcasterService,
    private readonly embedded: EmbeddedService,
    private readonly resultWaitMs: number,
  ) {}

  /**
   * getFarcasterUri (docs/embedded-wallet.md#farcaster): a channel whose message names the host page (`hostOrigin`,
   * which the project must allow: the Farcaster app shows the user that domain). `url` is the QR code's; `secret`
   * collects the result, with the completion code, by the device key `proof` proves only.
   */
  async start(
    attempt: { deviceId: string; hostOrigin: string },
    project: Project,
    proof: ProofInput,
    ip: string,
  ): Promise<{ url: string; secret: string }> {
    const { deviceKey } = await this.embedded.bindDevice(proof, project.id)
    return this.open({ ...attempt, deviceKey }, null, project.allowedOrigins, ip)
  }

  /**
   * A re-authentication of a Farcaster session before a key export (docs/embedded-wallet.md#export): a channel as
   * for a sign-in, bound to the session and its fid. Its approval makes the session fresh only for that fid.
   */
  async startReauth(
    auth: SessionAuth,
    hostOrigin: string,
    allowedOrigins: readonly string[],
    ip: string,
  ): Promise<{ url: string; secret: string }> {
    const session = await this.embedded.session(auth)
    if (session.provider !== 'farcaster' || session.subject === null) throw new FarcasterError('noIdentity')
    const reauth = { sessionHash: session.tokenHash, fid: Number(session.subject) }
    const { deviceId, deviceKey } = session
    return this.open({ deviceId, deviceKey, hostOrigin }, reauth, allowedOrigins, ip)
  }

  private open(
    attempt: { deviceId: string; deviceKey: string; hostOrigin: string },
    reauth: Attempt['reauth'],
    allowedOrigins: readonly string[],
    ip: string,
  ): { url: string; secret: string } {
    if (!this.embedded.admitsHost(allowedOrigins, attempt.hostOrigin)) throw new OriginNotAllowedError()
    this.startsByIp.take(ip)
    const site = new URL(attempt.hostOrigin)
    // A sign-in's approval answers the approver a completion code, which the window showing the link must give
    // back: whoever starts a sign-in and sends its link on gets nothing from someone else's approval.
    const channel = this.farcaster.createChannel({ domain: site.host, siweUri: site.href }, ip, {
      completion: reauth === null,
    })
    const secret = newToken()
    this.attempts.add((expiresAt) => ({
      token: sha256(secret),
      client: ip,
      expiresAt,
      channelToken: channel.channelToken,
      deviceId: attempt.deviceId,
      deviceKey: attempt.deviceKey,
      reauth,
    }))
    return { url: channel.url, secret }
  }

  /**
   * connectFarcaster (docs/embedded-wallet.md#farcaster): `pending` until the approval is verified, then `ready`
   * until the approver's completion code is given, and with it the session for the fid, once. With `wait`, held up
   * to the cloud's bound (less when `signal` aborts). An expired channel is the relay's FarcasterError; a wrong
   * completion code ends the attempt (badCompletion) and counts against the client address: past
   * COMPLETION_GUESSES_PER_IP in the window, a code gets 429 and is not compared (the attempt stays for a later
   * try). The session is bound to the device
   * key `proof` proves and to `projectId`; a request without that proof is refused before it looks at the sign-in.
   */
  async result(
    request: { secret: string; wait: boolean; completion?: string | undefined },
    proof: ProofInput,
    projectId: string,
    signal: AbortSignal,
    ip: string,
  ): Promise<FarcasterResultResponse> {
    const binding = await this.embedded.bindDevice(proof, projectId)
    const { completion } = request
    return this.answer(request, null, signal, ip, async (attempt, { identity, completionHash }) => {
      // Another key holding the secret and the code (read off the host page) is told nothing, and ends nothing.
      if (attempt.deviceKey !== binding.deviceKey) throw new FarcasterError('channelUnknown')
      if (completion === undefined) return { status: 'ready' } as const
      const forgive = this.wrongCompletionsByIp.take(ip)
      this.attempts.delete(attempt.token)
      if (!isCompletion(completion, completionHash)) throw new FarcasterError('badCompletion')
      forgive()
      const signedIn = await this.embedded.signInWithIdentity(
        { provider: 'farcaster', subject: String(identity.fid), username: identity.username },
        attempt.deviceId,
        binding,
      )
      return { status: 'done', ...signedIn }
    })
  }

  /**
   * A re-authentication's result, for the session that started it only (by its token): `pending` as a sign-in's,
   * then `fresh` (once) when the session's own fid approved; another fid's approval is refused and makes nothing
   * fresh (the attempt ends with it).
   */
  async reauthResult(
    auth: SessionAuth,
    request: { secret: string; wait: boolean },
    signal: AbortSignal,
    ip: string,
  ): Promise<FarcasterReauthResultResponse> {
    const session = await this.embedded.session(auth)
    return this.answer(request, session.tokenHash, signal, ip, async (attempt, { identity }) => {
      this.attempts.delete(attempt.token)
      if (identity.fid !== attempt.reauth?.fid) throw new FarcasterError('otherAccount')
      return { status: 'fresh', freshUntil: await this.embedded.makeFresh(session.tokenHash) }
    })
  }

  /** The attempt's answer (`sessionHash`: a re-authentication's session, null for a sign-in), done by `finish`. */
  private async answer<Done>(
    request: { secret: string; wait: boolean },
    sessionHash: string | null,
    signal: AbortSignal,
    ip: string,
    finish: Finish<Done>,
  ): Promise<Done | { status: 'pending' }> {
    if (!request.wait) return this.look(request.secret, sessionHash, false, signal, finish)
    const held = this.waitsByIp.get(ip) ?? 0
    if (held >= SIGN_IN_WAITS_PER_IP) throw new TooManyRequestsError(1)
    this.waitsByIp.set(ip, held + 1)
    try {
      return await this.look(request.secret, sessionHash, true, signal, finish)
    } finally {
      const left = (this.waitsByIp.get(ip) ?? 1) - 1
      if (left === 0) this.waitsByIp.delete(ip)
      else this.waitsByIp.set(ip, left)
    }
  }

  private async look<Done>(
    secret: string,
    sessionHash: string | null,
    wait: boolean,
    signal: AbortSignal,
    finish: Finish<Done>,
  ): Promise<Done | { status: 'pending' }> {
    const deadline = performance.now() + (wait ? this.resultWaitMs : 0)
    const key = sha256(secret)
    for (;;) {
      const attempt = this.attempts.get(key)
      // A sign-in's secret makes nothing fresh, a re-authentication's signs nobody in (nor another session's).
      if (!attempt || (attempt.reauth?.sessionHash ?? null) !== sessionHash)
        throw new FarcasterError('channelUnknown')
      attempt.approval ??= this.approvalOf(attempt)
      // A caller gone away keeps the approval here for its next request rather than losing the session on the way.
      if (attempt.approval && !signal.aborted) return finish(attempt, attempt.approval)
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) return { status: 'pending' }
      await sleep(Math.min(SIGN_IN_POLL_MS, left), undefined, { signal }).catch(() => {})
    }
  }

  /** The channel's verified approval, or undefined while it waits for it; the channel's end otherwise. */
  private approvalOf(attempt: Attempt): VerifiedApproval | undefined {
    try {
      return this.farcaster.verifiedApproval(attempt.channelToken)
    } catch (error) {
      if (error instanceof FarcasterError && error.code === ERROR_CODES.farcasterPending) return undefined
      throw error
    }
  }
}
