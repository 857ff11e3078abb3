// Long because the e-mail flows (connect, approval, sign-in, update, reauth) share one code and throttle
// machinery; the shares and the device proofs are split out (shares.ts, device-proof.ts).
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  EMBEDDED_TEXTS,
  type EmailConnectAction,
  type EmbeddedSession,
  type EmbeddedUser,
  type IdentityProvider,
  isLoopbackOrigin,
  isOriginAllowed,
  RECOVERY_DELAY_MS,
  type UpdateEmailAction,
} from '@allaccess/protocol'
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PublicUrl } from '../config/index.js'
import { type Db, isUniqueViolation } from '../db/index.js'
import { BadRequestError, OriginNotAllowedError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { Mailer } from '../mail/index.js'
import { type DeviceBinding, DeviceProofs, type ProofInput, type SessionAuth } from './device-proof.js'
import { EmailLimits } from './email-limits.js'
import { addressTakenMail, approvalMail, type CodePurpose, codeMail } from './emails.js'
import { DeviceEnrolments } from './enrolment.js'
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
  ENROLMENT_TTL_MS,
  FRESH_TTL_MS,
  PURGE_MS,
  SENDS_PER_IP_WINDOW_MS,
  SESSION_TTL_MS,
  USER_AGENT_MAX_LENGTH,
} from './limits.js'
import { newCode, newToken, type Secrets, sha256, TOKEN_PATTERN } from './secrets.js'
import { EmbeddedShares } from './shares.js'
import {
  embeddedDeviceApprovals as approvals,
  embeddedCodes as codes,
  embeddedDevices as devices,
  embeddedEnrolledDevices as enrolledDevices,
  embeddedIdentities as identities,
  embeddedSessions as sessions,
  embeddedUsers as users,
} from './tables.js'

export type EmbeddedLimits = {
  sendsPerIp: number
  deviceWaitMs: number
  /** The frame's origins: the only browser origins of the frame's routes, and where social completions go. */
  frameOrigins: readonly string[]
  /** Whether loopback host pages start sign-ins without the allowlist naming them (outside production). */
  loopbackHosts: boolean
}

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

/** Who asked for a device approval, as the approval page describes them. */
export type DeviceOrigin = { ip: string; userAgent: string | undefined }

/** What a verified sign-in code gives: a session, or (a known user's new device) the approval's ticket. */
export type SignInResult =
  | { sessionToken: string; user: EmbeddedUser }
  | { action: 'VERIFY_DEVICE'; ticket: string }

/** A device approval as its link's page shows it. */
export type ApprovalRequest = { userAgent: string | null; clientAddress: string | null; sentAt: number }
/** The user an answer describes: an e-mail user has no provider or username. */
const emailUser = (email: string, address: string | null): EmbeddedUser => ({
  email,
  address,
  provider: null,
  username: null,
})
/** E-mail addresses are compared and stored lower-cased. */
const normalise = (email: string) => email.toLowerCase()
/**
 * Who a sign-in code is for: the device id and the device key that asked for it. Only a request proven by that key
 * uses it, so a code read off the host page is worth nothing to a script there (docs/embedded-wallet.md#sign-in-binding).
 */
const signInSubject = (deviceId: string, binding: DeviceBinding) => `${deviceId}.${binding.deviceKey}`

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
  /** Code e-mails and wrong codes per e-mail address and day, with back-off: limits no client address changes. */
  private readonly emailLimits: EmailLimits
  private readonly timer: NodeJS.Timeout
  private readonly proofs: DeviceProofs
  /** The auth and recovery shares: stored once, released as shares.ts says. */
  readonly keyShares: EmbeddedShares
  /** New devices of an existing wallet, approved by a device that holds it (enrolment.ts). */
  readonly enrolments: DeviceEnrolments

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
    this.enrolments = new DeviceEnrolments(
      db,
      mailer,
      () => this.now(),
      () => this.limits.deviceWaitMs,
    )
    this.keyShares = new EmbeddedShares(db, secrets, this.enrolments, () => this.now())
    this.emailLimits = new EmailLimits(db, () => this.now())
    this.timer = setInterval(() => this.purge(), PURGE_MS)
    this.timer.unref()
  }

  /**
   * E-mail connect (docs/embedded-wallet.md#sign-in): CONNECT when `auth` is a live session of this e-mail on this
   * device, proven by its device key; else VERIFY_OTP and a code is e-mailed, whether or not the address has an
   * account (the answer must not tell). A known user's new device learns of its approval step only once its code
   * is verified.
   */
  async connect(email: string, deviceId: string, auth: SessionAuth, ip: string): Promise<EmailConnectAction> {
    const address = normalise(email)
    const binding = await this.bindDevice(auth.proof, auth.projectId)
    const session = auth.token ? await this.liveSession(auth.token) : undefined
    if (
      session &&
      session.projectId === binding.projectId &&
      session.deviceKey === binding.deviceKey &&
      session.email === address &&
      session.deviceId === deviceId
    )
      return 'CONNECT'
    await this.sendCode(address, 'sign-in', signInSubject(deviceId, binding), ip, binding.deviceKey)
    return 'VERIFY_OTP'
  }

  /** The device approval a link still can give (unused, unexpired), for its page; opening it only asks. */
  async approvalRequest(token: string): Promise<ApprovalRequest | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined
    const [found] = await this.db
      .select({
        userAgent: approvals.userAgent,
        clientAddress: approvals.clientAddress,
        sentAt: approvals.sentAt,
      })
      .from(approvals)
      .where(
        and(
          eq(approvals.tokenHash, sha256(token)),
          isNull(approvals.approvedAt),
          gt(approvals.expiresAt, this.now()),
        ),
      )
    return found
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
   * Waits (at most `deviceWaitMs`, less when `signal` aborts) for the approval of the device holding `ticket`;
   * once approved, the device becomes known and its session starts, once: that session, else undefined.
   */
  async waitForApproval(
    deviceId: string,
    ticket: string,
    binding: DeviceBinding,
    signal: AbortSignal,
  ): Promise<{ sessionToken: string; user: EmbeddedUser } | undefined> {
    const deadline = performance.now() + this.limits.deviceWaitMs
    for (;;) {
      const session = TOKEN_PATTERN.test(ticket)
        ? await this.claimApproval(deviceId, sha256(ticket), binding)
        : undefined
      if (session) return session
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) return undefined
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

  /**
   * Checks a sign-in code. A new user, or a known device: the device becomes known and a session bound to
   * `binding` starts. A known user's new device: an approval link is e-mailed (naming `origin`), and VERIFY_DEVICE
   * with its ticket.
   */
  async verifySignIn(
    email: string,
    deviceId: string,
    otp: string,
    origin: DeviceOrigin,
    binding: DeviceBinding,
  ): Promise<SignInResult> {
    const address = normalise(email)
    const subject = signInSubject(deviceId, binding)
    await this.consumeCode(eq(codes.email, address), 'sign-in', subject, otp, binding.deviceKey)
    const created = await this.db
      .insert(users)
      .values({ id: randomUUID(), email: address, createdAt: this.now() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    const user = await this.userByEmail(address)
    if (!user) throw new ExpiredCodeError()
    if (created.length === 0 && !(await this.isKnownDevice(user.id, deviceId)))
      return {
        action: 'VERIFY_DEVICE',
        ticket: await this.sendApproval(user.id, address, deviceId, origin, binding),
      }
    // A new user's device, or a known one: the code is the proof; only a device new to the user is granted.
    const sessionToken = await this.startSession(user.id, deviceId, binding, true)
    return { sessionToken, user: emailUser(address, user.address) }
  }

  /**
   * Signs in the user of an identity, vouched for by its provider (a social provider's verified tokens, a
   * Farcaster signature): the user is created on the first sign-in, the username kept current, the device becomes
   * known and a session starts. The provider's sign-in is the proof of who it is, never of the device: the session
   * enrols nothing by itself, so a new device of an existing wallet is approved by a device that holds it (or
   * recovers after the delay) before it gets the key (docs/embedded-wallet.md#new-device-approval).
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
    const sessionToken = await this.startSession(userId, deviceId, binding, false)
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

  /** Sign out everywhere: every session of the user ends, on every device, and so does every device approval. */
  async revokeAll(session: LiveSession): Promise<void> {
    await this.endAccess(session.userId)
  }

  /**
   * Ends the user's sessions (but `keep`) and the device approvals not yet collected: a device approved, or about
   * to be, by whoever held a session or the inbox must not sign in after the user shut them out.
   */
  private async endAccess(userId: string, keep?: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        keep ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)) : eq(sessions.userId, userId),
      )
    await this.db.delete(approvals).where(eq(approvals.userId, userId))
  }

  /** Update e-mail (docs/behaviour.md#email), step 1: a code to the current address. */
  async startEmailUpdate(session: LiveSession, newEmail: string, ip: string): Promise<UpdateEmailAction> {
    const current = emailOf(session)
    const next = normalise(newEmail)
    if (next === current) throw new BadRequestError(EMBEDDED_TEXTS.sameEmail)
    // Whether `next` is taken is told to `next`'s inbox only (verifyPrimary): the answer is the same either way.
    await this.sendCode(current, 'update-primary', session.tokenHash, ip, session.deviceKey, next)
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
    await this.emailLimits.assertCanSend(pending.payload, session.deviceKey)
    const row = await this.consumeCode(
      eq(codes.email, current),
      'update-primary',
      session.tokenHash,
      otp,
      session.deviceKey,
    )
    const next = row.payload ?? pending.payload
    // A taken address gets a notice instead of a code, and the answer is the same: no code can ever move it.
    if (await this.userByEmail(next)) await this.sendNotice(next, ip, session.deviceKey)
    else await this.sendCode(next, 'update-secondary', session.tokenHash, ip, session.deviceKey, next)
    return 'VERIFY_SECONDARY_OTP'
  }

  /** Step 3: the new address's code checked, the e-mail changes. */
  async verifySecondary(session: LiveSession, otp: string): Promise<EmbeddedUser> {
    const row = await this.consumeCode(
      eq(codes.subject, session.tokenHash),
      'update-secondary',
      session.tokenHash,
      otp,
      session.deviceKey,
    )
    try {
      await this.db
        .update(users)
        .set({ email: row.email, emailChangedAt: this.now() })
        .where(eq(users.id, session.userId))
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmbeddedConflictError(EMBEDDED_TEXTS.emailTaken)
      throw error
    }
    // Whoever held the old address's sessions or its approval links holds none of the new one's.
    await this.endAccess(session.userId, session.tokenHash)
    return emailUser(row.email, session.address)
  }

  /** A fresh code for the session's e-mail (before a key export). */
  async startReauth(session: LiveSession, ip: string): Promise<void> {
    await this.sendCode(emailOf(session), 'reauth', session.tokenHash, ip, session.deviceKey)
  }

  /** The reauth code checked: the session is fresh for FRESH_TTL_MS. */
  async verifyReauth(session: LiveSession, otp: string): Promise<number> {
    const email = emailOf(session)
    await this.consumeCode(eq(codes.email, email), 'reauth', session.tokenHash, otp, session.deviceKey)
    return this.makeFresh(session.tokenHash)
  }

  /**
   * The session of `tokenHash` may export its key for FRESH_TTL_MS: its user proved themselves again (a reauth
   * code, or a new sign-in by the same identity at its provider). A device that holds the wallet is also granted
   * one enrolment (its own share lost or stale); a new device is not: proving the identity again is no approval
   * of the device (docs/embedded-wallet.md#new-device-approval). Its `freshUntil`.
   */
  async makeFresh(tokenHash: string): Promise<number> {
    const freshUntil = this.now() + FRESH_TTL_MS
    const holdsWallet = sql`exists (select 1 from ${enrolledDevices} where ${enrolledDevices.userId} = ${sessions.userId} and ${enrolledDevices.deviceKey} = ${sessions.deviceKey})`
    await this.db
      .update(sessions)
      .set({ freshUntil, enrolUntil: sql`case when ${holdsWallet} then ${freshUntil}::bigint else null end` })
      .where(eq(sessions.tokenHash, tokenHash))
    return freshUntil
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
   * device new to the user it carries the one-time enrolment grant when `enrols` (the sign-in proved the device:
   * a code on it, its approval link). Its token; the cloud keeps its hash.
   */
  private async startSession(
    userId: string,
    deviceId: string,
    binding: DeviceBinding,
    enrols: boolean,
  ): Promise<string> {
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
      enrolUntil: enrols && added.length > 0 ? now + ENROLMENT_TTL_MS : null,
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

  private async isKnownDevice(userId: string, deviceId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: devices.userId })
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.deviceId, deviceId)))
    return rows.length > 0
  }

  /**
   * The session the approval of `ticketHash`'s device gives, once: undefined while it is not approved (or was
   * claimed, or expired, or is another device's).
   */
  private async claimApproval(deviceId: string, ticketHash: string, binding: DeviceBinding) {
    const [claimed] = await this.db
      .update(approvals)
      .set({ claimedAt: this.now() })
      .where(
        and(
          eq(approvals.ticketHash, ticketHash),
          eq(approvals.deviceId, deviceId),
          // The ticket is the verifying device's alone: another key or project holding it collects nothing.
          eq(approvals.deviceKey, binding.deviceKey),
          eq(approvals.projectId, binding.projectId),
          isNotNull(approvals.approvedAt),
          isNull(approvals.claimedAt),
          gt(approvals.expiresAt, this.now()),
        ),
      )
      .returning({ userId: approvals.userId })
    if (!claimed) return undefined
    const [user] = await this.db
      .select({ email: users.email, address: users.address, emailChangedAt: users.emailChangedAt })
      .from(users)
      .where(eq(users.id, claimed.userId))
    if (!user?.email) return undefined
    // An inbox that became the wallet's lately (an e-mail change, perhaps by whoever phished its codes) does not
    // enrol a device alone: a device that holds the wallet approves it, or it recovers after the delay.
    const settled = user.emailChangedAt === null || this.now() - user.emailChangedAt >= RECOVERY_DELAY_MS
    const sessionToken = await this.startSession(claimed.userId, deviceId, binding, settled)
    return { sessionToken, user: emailUser(user.email, user.address) }
  }

  /** The notice to an address that already has a wallet, bounded like a code e-mail. */
  private async sendNotice(email: string, ip: string, deviceKey: string): Promise<void> {
    const uncountIp = this.sendsByIp.take(ip)
    const uncount = await this.emailLimits.countSend(email, deviceKey).catch((error: unknown) => {
      uncountIp()
      throw error
    })
    await this.mailer.send(addressTakenMail(email)).catch(async (error: unknown) => {
      uncountIp()
      await uncount()
      throw error
    })
  }

  private async sendCode(
    email: string,
    purpose: CodePurpose,
    subject: string,
    ip: string,
    deviceKey: string,
    payload: string | null = null,
  ): Promise<void> {
    const uncountIp = this.sendsByIp.take(ip)
    const uncount = await this.emailLimits.countSend(email, deviceKey).catch((error: unknown) => {
      uncountIp()
      throw error
    })
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
      uncountIp()
      await uncount()
      await this.db
        .delete(codes)
        .where(and(eq(codes.email, email), eq(codes.purpose, purpose), eq(codes.sentAt, sentAt)))
      throw error
    }
  }

  /**
   * E-mails the approval link of a new device whose code was just verified (one link per verified code: the code's
   * limits are the link's). The ticket that collects the session.
   */
  private async sendApproval(
    userId: string,
    email: string,
    deviceId: string,
    origin: DeviceOrigin,
    binding: DeviceBinding,
  ) {
    const uncountIp = this.sendsByIp.take(origin.ip)
    const token = newToken()
    const ticket = newToken()
    const sentAt = this.now()
    const tokenHash = sha256(token)
    await this.db.insert(approvals).values({
      tokenHash,
      userId,
      deviceId,
      sentAt,
      expiresAt: sentAt + DEVICE_APPROVAL_TTL_MS,
      ticketHash: sha256(ticket),
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      clientAddress: origin.ip,
      ...binding,
    })
    const link = this.publicUrl.http(`/v1/embedded/device/approve?token=${token}`)
    try {
      await this.mailer.send(approvalMail(email, link))
    } catch (error) {
      uncountIp()
      await this.db.delete(approvals).where(eq(approvals.tokenHash, tokenHash))
      throw error
    }
    return ticket
  }

  /**
   * Uses up the live code of `purpose` found by `where`, sent for `subject`: ExpiredCodeError when there is none
   * (or it was used, expired or sent for another subject), DeadCodeError after CODE_MAX_FAILURES wrong tries,
   * WrongCodeError for a wrong one (which counts, on the code and on `deviceKey`'s day for the address).
   */
  private async consumeCode(
    where: SQL,
    purpose: CodePurpose,
    subject: string,
    otp: string,
    deviceKey: string,
  ) {
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
      await this.emailLimits.countFailure(row.email, deviceKey)
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
      this.emailLimits.purge(),
      this.enrolments.purge(),
    ]).catch((error: unknown) => {
      this.log.warn({ err: error }, 'embedded wallet purge failed')
    })
  }
}
