import {
  type EmailConnectAction,
  type EmbeddedSession,
  type EmbeddedUser,
  isLoopbackOrigin,
  isOriginAllowed,
  type UpdateEmailAction,
} from '@allaccess/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { PublicUrl } from '../config/index.js'
import type { Db } from '../db/index.js'
import { OriginNotAllowedError } from '../http/errors.js'
import type { Mailer } from '../mail/index.js'
import { type ApprovalRequest, DeviceApprovals, type DeviceOrigin } from './approvals.js'
import { type DeviceBinding, DeviceProofs, type ProofInput, type SessionAuth } from './device-proof.js'
import { EmailUpdates } from './email-update.js'
import { DeviceEnrolments } from './enrolment.js'
import { PURGE_MS } from './limits.js'
import { OneTimeCodes } from './one-time-codes.js'
import type { Secrets } from './secrets.js'
import { EmbeddedSessions, type LiveSession } from './sessions.js'
import { EmbeddedShares } from './shares.js'
import { type Identity, type SignInResult, SignIns } from './sign-in.js'

export type { ApprovalRequest, DeviceOrigin } from './approvals.js'
export type { LiveSession } from './sessions.js'
export type { Identity, SignInResult } from './sign-in.js'

export type EmbeddedLimits = {
  sendsPerIp: number
  deviceWaitMs: number
  /** The frame's origins: the only browser origins of the frame's routes, and where social completions go. */
  frameOrigins: readonly string[]
  /** Whether loopback host pages start sign-ins without the allowlist naming them (outside production). */
  loopbackHosts: boolean
}

/**
 * The embedded wallet's server half (apps/cloud/README.md#embedded-wallet): e-mail connect with one-time codes
 * and device approval, sessions, the two key shares the cloud keeps, e-mail update and the fresh code for export.
 * Everything lives in the database (any instance serves any step); only the per-client-address send limit is
 * per instance. One face over its parts: sign-in.ts, one-time-codes.ts, approvals.ts, sessions.ts,
 * email-update.ts, shares.ts and enrolment.ts, which share this clock.
 */
export class EmbeddedService {
  /** The clock of expiries and throttles; tests replace it to step past them. */
  now: () => number = Date.now
  private readonly timer: NodeJS.Timeout
  private readonly proofs: DeviceProofs
  private readonly codes: OneTimeCodes
  private readonly sessions: EmbeddedSessions
  private readonly approvals: DeviceApprovals
  private readonly signIns: SignIns
  private readonly emailUpdates: EmailUpdates
  /** The auth and recovery shares: stored once, released as shares.ts says. */
  readonly keyShares: EmbeddedShares
  /** New devices of an existing wallet, approved by a device that holds it (enrolment.ts). */
  readonly enrolments: DeviceEnrolments

  constructor(
    db: Db,
    secrets: Secrets,
    mailer: Mailer,
    publicUrl: PublicUrl,
    private readonly limits: EmbeddedLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    const now = () => this.now()
    const waitMs = () => this.limits.deviceWaitMs
    this.proofs = new DeviceProofs(db, now)
    this.codes = new OneTimeCodes(db, secrets, mailer, () => this.limits.sendsPerIp, now)
    this.sessions = new EmbeddedSessions(db, this.proofs, now)
    this.approvals = new DeviceApprovals(db, mailer, publicUrl, this.codes, this.sessions, waitMs, now)
    this.signIns = new SignIns(db, this.proofs, this.codes, this.sessions, this.approvals, now)
    this.emailUpdates = new EmailUpdates(db, this.codes, this.sessions, now)
    this.enrolments = new DeviceEnrolments(db, mailer, now, waitMs)
    this.keyShares = new EmbeddedShares(db, secrets, this.enrolments, now)
    this.timer = setInterval(() => void this.purge(), PURGE_MS)
    this.timer.unref()
  }

  /** E-mail connect: CONNECT, or VERIFY_OTP with a code e-mailed (sign-in.ts). */
  connect(email: string, deviceId: string, auth: SessionAuth, ip: string): Promise<EmailConnectAction> {
    return this.signIns.connect(email, deviceId, auth, ip)
  }

  /** The device approval a link still can give (unused, unexpired), for its page; opening it only asks. */
  approvalRequest(token: string): Promise<ApprovalRequest | undefined> {
    return this.approvals.request(token)
  }

  /** The approval link, once: true when it approved its device now. */
  approveDevice(token: string): Promise<boolean> {
    return this.approvals.approve(token)
  }

  /** Waits (at most `deviceWaitMs`) for the approval of the device holding `ticket`: its session, once. */
  waitForApproval(
    deviceId: string,
    ticket: string,
    binding: DeviceBinding,
    signal: AbortSignal,
  ): Promise<{ sessionToken: string; user: EmbeddedUser } | undefined> {
    return this.approvals.wait(deviceId, ticket, binding, signal)
  }

  /**
   * A new session's binding (docs/embedded-wallet.md#device-binding): the request proves the device key it names,
   * before anything (a code) is used up.
   */
  bindDevice(proof: ProofInput, projectId: string): Promise<DeviceBinding> {
    return this.proofs.bind(proof, projectId)
  }

  /** Checks a sign-in code: a session, or VERIFY_DEVICE with an approval's ticket (sign-in.ts). */
  verifySignIn(
    email: string,
    deviceId: string,
    otp: string,
    origin: DeviceOrigin,
    binding: DeviceBinding,
  ): Promise<SignInResult> {
    return this.signIns.verify(email, deviceId, otp, origin, binding)
  }

  /** Signs in the user of an identity its provider vouches for; the session enrols nothing (sign-in.ts). */
  signInWithIdentity(
    identity: Identity,
    deviceId: string,
    binding: DeviceBinding,
  ): Promise<{ sessionToken: string; user: EmbeddedUser }> {
    return this.signIns.withIdentity(identity, deviceId, binding)
  }

  /** The session of a request, live, of its project and proven by its device key (sessions.ts). */
  session(auth: SessionAuth): Promise<LiveSession> {
    return this.sessions.session(auth)
  }

  describe(session: LiveSession): EmbeddedSession {
    return this.sessions.describe(session)
  }

  revoke(session: LiveSession): Promise<void> {
    return this.sessions.revoke(session)
  }

  /**
   * Sign out everywhere: every session of the user ends, on every device, and so does every device approval; the
   * other devices' keys no longer hold the wallet (they approve no new device and re-enrol by no re-authentication
   * until a device that holds it approves them again). This device's key still does.
   */
  async revokeAll(session: LiveSession): Promise<void> {
    await this.sessions.endAccess(session.userId)
    await this.enrolments.forgetOthers(session.userId, session.deviceKey)
  }

  /** Update e-mail (docs/behaviour.md#email), step 1: a code to the current address. */
  startEmailUpdate(session: LiveSession, newEmail: string, ip: string): Promise<UpdateEmailAction> {
    return this.emailUpdates.start(session, newEmail, ip)
  }

  /** Step 2: the current address's code checked, a code to the new address. */
  verifyPrimary(session: LiveSession, otp: string, ip: string): Promise<UpdateEmailAction> {
    return this.emailUpdates.verifyPrimary(session, otp, ip)
  }

  /** Step 3: the new address's code checked, the e-mail changes. */
  verifySecondary(session: LiveSession, otp: string): Promise<EmbeddedUser> {
    return this.emailUpdates.verifySecondary(session, otp)
  }

  /** A fresh code for the session's e-mail (before a key export). */
  startReauth(session: LiveSession, ip: string): Promise<void> {
    return this.emailUpdates.startReauth(session, ip)
  }

  /** The reauth code checked: the session is fresh for FRESH_TTL_MS. */
  verifyReauth(session: LiveSession, otp: string): Promise<number> {
    return this.emailUpdates.verifyReauth(session, otp)
  }

  /** The session of `tokenHash` may export its key for FRESH_TTL_MS (sessions.ts): its `freshUntil`. */
  makeFresh(tokenHash: string): Promise<number> {
    return this.sessions.makeFresh(tokenHash)
  }

  /**
   * Whether a sign-in may start for a popup or Farcaster message on `hostOrigin`: the project must allow it, and a
   * loopback page never counts in production (as the deployed frame refuses them, hostOrigin.ts).
   */
  admitsHost(allowedOrigins: readonly string[], hostOrigin: string): boolean {
    if (isLoopbackOrigin(hostOrigin) && !this.limits.loopbackHosts) return false
    return isOriginAllowed(allowedOrigins, hostOrigin)
  }

  /**
   * The frame a request of the frame's routes comes from: its browser `Origin`, which must be one of the frame's
   * origins (a script on the host page, in the user's own browser, is refused); the first of them for a client
   * that sends none (not a browser).
   */
  frameOriginOf(origin: string | undefined): string {
    const frames = this.limits.frameOrigins
    if (origin === undefined) return frames[0] ?? ''
    if (!frames.includes(origin)) throw new OriginNotAllowedError()
    return origin
  }

  close(): void {
    clearInterval(this.timer)
  }

  /** Deletes what has expired by this instance's clock (every PURGE_MS; tests call it to step an instance). */
  purge(): Promise<void> {
    const now = this.now()
    return Promise.all([
      this.codes.purge(now),
      this.sessions.purge(now),
      this.approvals.purge(now),
      this.proofs.purge(),
      this.enrolments.purge(),
    ]).then(
      () => {},
      (error: unknown) => {
        this.log.warn({ err: error }, 'embedded wallet purge failed')
      },
    )
  }
}
