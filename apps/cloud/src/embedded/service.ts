// Over 350 lines: the e-mail flows (connect, approval, sign-in, update, reauth) share one code and throttle
// machinery; the shares and the device proofs are split out (shares.ts, device-proof.ts).
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  type ConnectAction,
  EMAIL_THROTTLE_SECONDS,
  EMBEDDED_TEXTS,
  type EmbeddedSession,
  type EmbeddedUser,
  type IdentityProvider,
  type UpdateEmailAction,
} from '@allaccess/protocol'
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PublicUrl } from '../config/index.js'
import { type Db, isUniqueViolation } from '../db/index.js'
import { BadRequestError, HttpError, TooManyRequestsError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { Mailer } from '../mail/index.js'
import { type DeviceBinding, DeviceProofs, type ProofInput, type SessionAuth } from './device-proof.js'
import { approvalMail, type CodePurpose, codeMail } from './emails.js'
import {
  DeadCodeError,
  EmbeddedConflictError,
  ExpiredCodeError,
  SessionNotLiveError,
  WrongCodeError,
} from './errors.js'
import {
  CODE_MAX_FAILURES,
  CODE_TTL_MS,
  DEVICE_APPROVAL_TTL_MS,
  DEVICE_WAIT_POLL_MS,
  FRESH_TTL_MS,
  PURGE_MS,
  SENDS_PER_IP_WINDOW_MS,
  SESSION_TTL_MS,
} from './limits.js'
import { newCode, newToken, type Secrets, sha256, TOKEN_PATTERN } from './secrets.js'
import { EmbeddedShares, ENROLMENT_TTL_MS } from './shares.js'
import {
  embeddedDeviceApprovals as approvals,
  embeddedCodes as codes,
  embeddedDevices as devices,
  embeddedIdentities as identities,
  embeddedSessions as sessions,
  embeddedUsers as users,
} from './tables.js'

export type EmbeddedLimits = { sendsPerIp: number; deviceWaitMs: number }

/** A live session with its user: an e-mail user, or one of an identity provider (`provider`, `username`). */
export type LiveSession = {
  tokenHash: string
  userId: string
  deviceId: string
  /** The public key every request of the session must prove (docs/embedded-wallet.md#device-binding). */
  deviceKey: string
  /** The project the session was made for: refused with any other. */
  projectId: string
  email: string | null
  provider: string | null
  /** The user's subject at `provider` (its `sub`, a FID); null for an e-mail user. */
  subject: string | null
  username: string | null
  address: string | null
  expiresAt: number
  freshUntil: number | null
  enrolUntil: number | null
}

/** An identity as its provider vouches for it: `subject` is stable, `username` may change. */
export type Identity = { provider: IdentityProvider; subject: string; username: string }

const THROTTLE_MS = EMAIL_THROTTLE_SECONDS * 1000
/** The user an answer describes: an e-mail user has no provider or username. */
const emailUser = (email: string, address: string | null): EmbeddedUser => ({
  email,
  address,
  provider: null,
  username: null,
})
/** E-mail addresses are compared and stored lower-cased. */
const normalise = (email: string) => email.toLowerCase()

/** The e-mail of a session's user; a user of an identity provider has none to send codes to. */
function emailOf(session: LiveSession): string {
  if (session.email === null) throw new BadRequestError(EMBEDDED_TEXTS.noEmail)
  return session.email
}

/**
 * The embedded wallet's server half (apps/cloud/README.md#embedded-wallet): e-mail connect with one-time codes
 * and device approval, sessions, the two key shares the cloud keeps, e-mail update and the fresh code for export.
 * Everything lives in the database (any instance serves any step); only the per-client-address send limit is
 * per instance.
 */
export class EmbeddedService {
  /** The clock of expiries and throttles; tests replace it to step past them. */
  now: () => number = Date.now
  /** E-mails each client address caused: 429 past EMBEDDED_SENDS_PER_IP in SENDS_PER_IP_WINDOW_MS. */
  private readonly sendsByIp: SlidingWindowLimit
  private readonly timer: NodeJS.Timeout
  private readonly proofs: DeviceProofs
  /** The auth and recovery shares: stored once, released as shares.ts says. */
  readonly keyShares: EmbeddedShares

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly mailer: Mailer,
    private readonly publicUrl: PublicUrl,
    private readonly limits: EmbeddedLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sendsByIp = new SlidingWindowLimit(
      () => this.limits.sendsPerIp,
      SENDS_PER_IP_WINDOW_MS,
      () => this.now(),
    )
    this.proofs = new DeviceProofs(db, () => this.now())
    this.keyShares = new EmbeddedShares(db, secrets, () => this.now())
    this.timer = setInterval(() => this.purge(), PURGE_MS)
    this.timer.unref()
  }

  /**
   * E-mail connect (docs/embedded-wallet.md#sign-in): CONNECT when `auth` is a live session of this e-mail on this
   * device, proven by its device key; VERIFY_OTP (a code is e-mailed) for a new user or a known (or approved) device; VERIFY_DEVICE (an
   * approval link is e-mailed) for a known user on a new device.
   */
  async connect(email: string, deviceId: string, auth: SessionAuth, ip: string): Promise<ConnectAction> {
    const address = normalise(email)
    const session = auth.token
      ? await this.session(auth).catch((error: unknown) => {
          if (error instanceof HttpError) return undefined
          throw error
        })
      : undefined
    if (session && session.email === address && session.deviceId === deviceId) return 'CONNECT'
    const user = await this.userByEmail(address)
    if (!user || (await this.isKnownDevice(user.id, deviceId)) || (await this.approval(user.id, deviceId))) {
      await this.sendCode(address, 'sign-in', deviceId, ip)
      return 'VERIFY_OTP'
    }
    await this.sendApproval(user.id, address, deviceId, ip)
    return 'VERIFY_DEVICE'
  }

  /** Whether an approval link can still approve its device (unused, unexpired): it only shows the question. */
  async canApprove(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false
    const [found] = await this.db
      .select({ userId: approvals.userId })
      .from(approvals)
      .where(
        and(
          eq(approvals.tokenHash, sha256(token)),
          isNull(approvals.approvedAt),
          gt(approvals.expiresAt, this.now()),
        ),
      )
    return found !== undefined
  }

  /** The approval link, once: true when it approved its device now. */
  async approveDevice(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false
    const now = this.now()
    const approved = await this.db
      .update(approvals)
      .set({ approvedAt: now })
      .where(
        and(
          eq(approvals.tokenHash, sha256(token)),
          isNull(approvals.approvedAt),
          gt(approvals.expiresAt, now),
        ),
      )
      .returning({ userId: approvals.userId })
    return approved.length > 0
  }

  /**
   * Waits (at most `deviceWaitMs`, less when `signal` aborts) for the device's approval; once approved, sends the
   * device its sign-in code (once) and answers true.
   */
  async waitForApproval(email: string, deviceId: string, ip: string, signal: AbortSignal): Promise<boolean> {
    const address = normalise(email)
    const user = await this.userByEmail(address)
    const deadline = performance.now() + this.limits.deviceWaitMs
    for (;;) {
      const approval = user && (await this.approval(user.id, deviceId))
      if (approval) {
        await this.sendApprovedCode(approval.tokenHash, address, deviceId, ip)
        return true
      }
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) return false
      await sleep(Math.min(DEVICE_WAIT_POLL_MS, left), undefined, { signal }).catch(() => {})
    }
  }

  /**
   * A new session's binding (docs/embedded-wallet.md#device-binding): the request proves the device key it names,
   * before anything (a code) is used up.
   */
  bindDevice(proof: ProofInput, projectId: string): Promise<DeviceBinding> {
    return this.proofs.bind(proof, projectId)
  }

  /** Checks a sign-in code; on success the device becomes known and a session bound to it starts. */
  async verifySignIn(
    email: string,
    deviceId: string,
    otp: string,
    binding: DeviceBinding,
  ): Promise<{ sessionToken: string; user: EmbeddedUser }> {
    const address = normalise(email)
    await this.consumeCode(eq(codes.email, address), 'sign-in', deviceId, otp)
    const now = this.now()
    await this.db
      .insert(users)
      .values({ id: randomUUID(), email: address, createdAt: now })
      .onConflictDoNothing({ target: users.email })
    const user = await this.userByEmail(address)
    if (!user) throw new ExpiredCodeError()
    const sessionToken = await this.startSession(user.id, deviceId, binding)
    return { sessionToken, user: emailUser(address, user.address) }
  }

  /**
   * Signs in the user of an identity, vouched for by its provider (a social provider's verified tokens, a
   * Farcaster signature): the user is created on the first sign-in, the username kept current, the device becomes
   * known and a session starts. The provider's sign-in is the proof: no code is sent.
   */
  async signInWithIdentity(
    identity: Identity,
    deviceId: string,
    binding: DeviceBinding,
  ): Promise<{ sessionToken: string; user: EmbeddedUser }> {
    const now = this.now()
    const [known] = await this.db
      .update(identities)
      .set({ username: identity.username })
      .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)))
      .returning({ userId: identities.userId })
    let userId = known?.userId
    if (!userId) {
      const created = randomUUID()
      // Two first sign-ins at once: one user wins, the other's row goes with it.
      await this.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: created, email: null, createdAt: now })
        await tx
          .insert(identities)
          .values({ ...identity, userId: created, createdAt: now })
          .onConflictDoNothing()
      })
      const [row] = await this.db
        .select({ userId: identities.userId })
        .from(identities)
        .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)))
      if (row?.userId !== created) await this.db.delete(users).where(eq(users.id, created))
      userId = row?.userId ?? created
    }
    const [user] = await this.db.select({ address: users.address }).from(users).where(eq(users.id, userId))
    const sessionToken = await this.startSession(userId, deviceId, binding)
    return {
      sessionToken,
      user: {
        email: null,
        address: user?.address ?? null,
        provider: identity.provider,
        username: identity.username,
      },
    }
  }

  /**
   * The session of a request: SessionNotLiveError when its token is unknown, expired, revoked or another project's;
   * DeviceNotProvenError unless the request is signed by the session's device key (fresh, never seen before).
   */
  async session(auth: SessionAuth): Promise<LiveSession> {
    const session = auth.token ? await this.liveSession(auth.token) : undefined
    if (!session || session.projectId !== auth.projectId) throw new SessionNotLiveError()
    await this.proofs.verify(session.deviceKey, auth.proof)
    return session
  }

  describe(session: LiveSession): EmbeddedSession {
    const fresh = session.freshUntil !== null && session.freshUntil > this.now() ? session.freshUntil : null
    return {
      user: {
        email: session.email,
        address: session.address,
        provider: session.provider as IdentityProvider | null,
        username: session.username,
      },
      expiresAt: session.expiresAt,
      freshUntil: fresh,
    }
  }

  async revoke(session: LiveSession): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, session.tokenHash))
  }

  /** Update e-mail (docs/behaviour.md#email), step 1: a code to the current address. */
  async startEmailUpdate(session: LiveSession, newEmail: string, ip: string): Promise<UpdateEmailAction> {
    const current = emailOf(session)
    const next = normalise(newEmail)
    if (next === current) throw new BadRequestError(EMBEDDED_TEXTS.sameEmail)
    await this.assertEmailFree(next)
    await this.sendCode(current, 'update-primary', session.tokenHash, ip, next)
    return 'VERIFY_PRIMARY_OTP'
  }

  /** Step 2: the current address's code checked, a code to the new address. */
  async verifyPrimary(session: LiveSession, otp: string, ip: string): Promise<UpdateEmailAction> {
    const current = emailOf(session)
    const [pending] = await this.db
      .select({ payload: codes.payload })
      .from(codes)
      .where(and(eq(codes.email, current), eq(codes.purpose, 'update-primary')))
    if (!pending?.payload) throw new BadRequestError(EMBEDDED_TEXTS.noEmailUpdate)
    // Checked before the code is used up, so that a throttled new address does not cost the user this step.
    await this.assertNotThrottled(pending.payload)
    const row = await this.consumeCode(eq(codes.email, current), 'update-primary', session.tokenHash, otp)
    const next = row.payload ?? pending.payload
    await this.assertEmailFree(next)
    await this.sendCode(next, 'update-secondary', session.tokenHash, ip, next)
    return 'VERIFY_SECONDARY_OTP'
  }

  /** Step 3: the new address's code checked, the e-mail changes. */
  async verifySecondary(session: LiveSession, otp: string): Promise<EmbeddedUser> {
    const row = await this.consumeCode(
      eq(codes.subject, session.tokenHash),
      'update-secondary',
      session.tokenHash,
      otp,
    )
    try {
      await this.db.update(users).set({ email: row.email }).where(eq(users.id, session.userId))
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmbeddedConflictError(EMBEDDED_TEXTS.emailTaken)
      throw error
    }
    return emailUser(row.email, session.address)
  }

  /** A fresh code for the session's e-mail (before a key export). */
  async startReauth(session: LiveSession, ip: string): Promise<void> {
    await this.sendCode(emailOf(session), 'reauth', session.tokenHash, ip)
  }

  /** The reauth code checked: the session is fresh for FRESH_TTL_MS. */
  async verifyReauth(session: LiveSession, otp: string): Promise<number> {
    await this.consumeCode(eq(codes.email, emailOf(session)), 'reauth', session.tokenHash, otp)
    return this.makeFresh(session.tokenHash)
  }

  /**
   * The session of `tokenHash` may export its key for FRESH_TTL_MS: its user proved themselves again (a reauth
   * code, or a new sign-in by the same identity at its provider). That also grants its device one enrolment (a
   * device whose own share is lost). Its `freshUntil`.
   */
  async makeFresh(tokenHash: string): Promise<number> {
    const freshUntil = this.now() + FRESH_TTL_MS
    await this.db
      .update(sessions)
      .set({ freshUntil, enrolUntil: freshUntil })
      .where(eq(sessions.tokenHash, tokenHash))
    return freshUntil
  }

  close(): void {
    clearInterval(this.timer)
  }

  private async liveSession(token: string): Promise<LiveSession | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined
    const [row] = await this.db
      .select({
        tokenHash: sessions.tokenHash,
        userId: sessions.userId,
        deviceId: sessions.deviceId,
        deviceKey: sessions.deviceKey,
        projectId: sessions.projectId,
        expiresAt: sessions.expiresAt,
        freshUntil: sessions.freshUntil,
        enrolUntil: sessions.enrolUntil,
        email: users.email,
        provider: identities.provider,
        subject: identities.subject,
        username: identities.username,
        address: users.address,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(identities, eq(identities.userId, sessions.userId))
      .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, this.now())))
    return row
  }

  /**
   * A new session of the user on the device, which becomes known, bound to the device's key and the project. On a
   * new device it carries the one-time enrolment grant. Its token; the cloud keeps its hash.
   */
  private async startSession(userId: string, deviceId: string, binding: DeviceBinding): Promise<string> {
    const now = this.now()
    const added = await this.db
      .insert(devices)
      .values({ userId, deviceId, knownAt: now })
      .onConflictDoNothing()
      .returning({ deviceId: devices.deviceId })
    const sessionToken = newToken()
    await this.db.insert(sessions).values({
      tokenHash: sha256(sessionToken),
      userId,
      deviceId,
      ...binding,
      expiresAt: now + SESSION_TTL_MS,
      enrolUntil: added.length > 0 ? now + ENROLMENT_TTL_MS : null,
    })
    return sessionToken
  }

  private async userByEmail(email: string) {
    const [user] = await this.db
      .select({ id: users.id, email: users.email, address: users.address })
      .from(users)
      .where(eq(users.email, email))
    return user
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.userByEmail(email)) throw new EmbeddedConflictError(EMBEDDED_TEXTS.emailTaken)
  }

  private async isKnownDevice(userId: string, deviceId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: devices.userId })
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.deviceId, deviceId)))
    return rows.length > 0
  }

  /** The device's live, approved approval, if any. */
  private async approval(userId: string, deviceId: string) {
    const [row] = await this.db
      .select({ tokenHash: approvals.tokenHash })
      .from(approvals)
      .where(
        and(
          eq(approvals.userId, userId),
          eq(approvals.deviceId, deviceId),
          isNotNull(approvals.approvedAt),
          gt(approvals.expiresAt, this.now()),
        ),
      )
      .limit(1)
    return row
  }

  /** The code that follows an approval, sent once whichever waiting request claims it. */
  private async sendApprovedCode(tokenHash: string, email: string, deviceId: string, ip: string) {
    const claimed = await this.db
      .update(approvals)
      .set({ codeSent: true })
      .where(and(eq(approvals.tokenHash, tokenHash), eq(approvals.codeSent, false)))
      .returning({ tokenHash: approvals.tokenHash })
    if (claimed.length === 0) return
    try {
      // Not held by the 30 s between code e-mails: the approval itself (once, throttled when it was sent) asks
      // for this code, and the user approving within 30 s of a sign-in elsewhere must not be left waiting.
      await this.sendCode(email, 'sign-in', deviceId, ip, null, { throttled: false })
    } catch (error) {
      await this.db.update(approvals).set({ codeSent: false }).where(eq(approvals.tokenHash, tokenHash))
      throw error
    }
  }

  /** 429 with the real remaining seconds when a code e-mail went to `email` in the last 30 s. */
  private async assertNotThrottled(email: string): Promise<void> {
    const [row] = await this.db
      .select({ last: max(codes.sentAt) })
      .from(codes)
      .where(eq(codes.email, email))
    this.throttle(row?.last)
  }

  private throttle(lastSentAt: number | string | null | undefined): void {
    if (lastSentAt === null || lastSentAt === undefined) return
    const wait = Number(lastSentAt) + THROTTLE_MS - this.now()
    if (wait > 0) throw new TooManyRequestsError(Math.ceil(wait / 1000))
  }

  private async sendCode(
    email: string,
    purpose: CodePurpose,
    subject: string,
    ip: string,
    payload: string | null = null,
    { throttled = true }: { throttled?: boolean } = {},
  ): Promise<void> {
    if (throttled) await this.assertNotThrottled(email)
    this.sendsByIp.take(ip)
    const code = newCode()
    const sentAt = this.now()
    const fields = {
      subject,
      payload,
      codeHash: this.secrets.codeHash(email, purpose, code),
      sentAt,
      expiresAt: sentAt + CODE_TTL_MS,
      failures: 0,
      used: false,
    }
    await this.db
      .insert(codes)
      .values({ email, purpose, ...fields })
      .onConflictDoUpdate({ target: [codes.email, codes.purpose], set: fields })
    try {
      await this.mailer.send(codeMail(email, purpose, code))
    } catch (error) {
      // Not sent: neither a code nor a throttle stands.
      await this.db
        .delete(codes)
        .where(and(eq(codes.email, email), eq(codes.purpose, purpose), eq(codes.sentAt, sentAt)))
      throw error
    }
  }

  private async sendApproval(userId: string, email: string, deviceId: string, ip: string): Promise<void> {
    const [row] = await this.db
      .select({ last: max(approvals.sentAt) })
      .from(approvals)
      .where(eq(approvals.userId, userId))
    this.throttle(row?.last)
    this.sendsByIp.take(ip)
    const token = newToken()
    const sentAt = this.now()
    const tokenHash = sha256(token)
    await this.db
      .insert(approvals)
      .values({ tokenHash, userId, deviceId, sentAt, expiresAt: sentAt + DEVICE_APPROVAL_TTL_MS })
    const link = this.publicUrl.http(`/v1/embedded/device/approve?token=${token}`)
    try {
      await this.mailer.send(approvalMail(email, link))
    } catch (error) {
      await this.db.delete(approvals).where(eq(approvals.tokenHash, tokenHash))
      throw error
    }
  }

  /**
   * Uses up the live code of `purpose` found by `where`, sent for `subject`: ExpiredCodeError when there is none
   * (or it was used, expired or sent for another subject), DeadCodeError after CODE_MAX_FAILURES wrong tries,
   * WrongCodeError for a wrong one (which counts).
   */
  private async consumeCode(where: SQL, purpose: CodePurpose, subject: string, otp: string) {
    const [row] = await this.db
      .select()
      .from(codes)
      .where(and(where, eq(codes.purpose, purpose)))
      .orderBy(desc(codes.sentAt))
      .limit(1)
    if (!row || row.used || row.subject !== subject) throw new ExpiredCodeError()
    if (row.failures >= CODE_MAX_FAILURES) throw new DeadCodeError()
    if (this.now() >= row.expiresAt) throw new ExpiredCodeError()
    const key = and(eq(codes.email, row.email), eq(codes.purpose, purpose), eq(codes.sentAt, row.sentAt))
    if (!this.secrets.codeMatches(row.codeHash, row.email, purpose, otp)) {
      const [after] = await this.db
        .update(codes)
        .set({ failures: sql`${codes.failures} + 1` })
        .where(key)
        .returning({ failures: codes.failures })
      if ((after?.failures ?? CODE_MAX_FAILURES) >= CODE_MAX_FAILURES) throw new DeadCodeError()
      throw new WrongCodeError()
    }
    const used = await this.db
      .update(codes)
      .set({ used: true })
      .where(and(key, eq(codes.used, false), lt(codes.failures, CODE_MAX_FAILURES)))
      .returning({ email: codes.email })
    if (used.length === 0) throw new ExpiredCodeError()
    return row
  }

  private purge(): void {
    const now = this.now()
    this.sendsByIp.purge()
    Promise.all([
      this.db.delete(codes).where(lte(codes.expiresAt, now)),
      this.db.delete(sessions).where(lte(sessions.expiresAt, now)),
      this.db.delete(approvals).where(lte(approvals.expiresAt, now)),
      this.proofs.purge(),
    ]).catch((error: unknown) => {
      this.log.warn({ err: error }, 'embedded wallet purge failed')
    })
  }
}
