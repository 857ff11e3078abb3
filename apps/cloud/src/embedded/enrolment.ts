import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  ENROLMENT_REQUEST_TTL_MS,
  type EnrolmentState,
  IDENTITY_PROVIDER_LABELS,
  type IdentityProvider,
  type NewDevice,
  RECOVERY_DELAY_MS,
} from '@allaccess/protocol'
import { and, eq, gt, lte, ne } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import type { Mailer } from '../mail/index.js'
import { projects } from '../projects/tables.js'
import { describeNetwork, describeUserAgent } from './device-description.js'
import { recoveryMail } from './emails.js'
import { EmbeddedError } from './errors.js'
import {
  DEVICE_WAIT_POLL_MS,
  ENROLMENT_TTL_MS,
  PENDING_ENROLMENTS_MAX,
  USER_AGENT_MAX_LENGTH,
} from './limits.js'
import {
  embeddedEnrolledDevices as enrolled,
  embeddedEnrolmentRequests as requests,
  embeddedSessions as sessions,
  embeddedUsers as users,
} from './tables.js'

/** The session asking or answering (a LiveSession). */
type Session = {
  tokenHash: string
  userId: string
  deviceKey: string
  projectId: string
  email: string | null
  provider: string | null
  expiresAt: number
}
/**
 * Who asks, as the approving device is told: the user agent and the client address of the request, and the site
 * its frame is embedded in (checked against the session's project), if it named one.
 */
export type Asker = { ip: string; userAgent: string | undefined; site: string | null }
type Wait = { wait: boolean; signal: AbortSignal }

/**
 * New-device approval (docs/embedded-wallet.md#new-device-approval). A session on a device that holds no share of
 * an existing wallet, made by a sign-in that does not enrol by itself (a social provider, Farcaster, an e-mail
 * changed lately), gets its enrolment grant only when a live session of a device that holds the wallet approves
 * it — shown its device, browser, network and time — or, with no such device, when its recovery's delay
 * (RECOVERY_DELAY_MS) has passed and no device of the wallet refused it. A refusal ends the new device's session.
 */
export class DeviceEnrolments {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly now: () => number,
    private readonly waitMs: () => number,
  ) {}

  /** Records that `deviceKey` holds a share of the user's wallet (it made it, or enrolled). */
  async markEnrolled(userId: string, deviceKey: string): Promise<void> {
    await this.db.insert(enrolled).values({ userId, deviceKey, enrolledAt: this.now() }).onConflictDoNothing()
  }

  /** Every device key of the user but `keep` stops holding the wallet (sign out everywhere). */
  async forgetOthers(userId: string, keep: string): Promise<void> {
    await this.db.delete(enrolled).where(and(eq(enrolled.userId, userId), ne(enrolled.deviceKey, keep)))
  }

  async isEnrolled(userId: string, deviceKey: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: enrolled.userId })
      .from(enrolled)
      .where(and(eq(enrolled.userId, userId), eq(enrolled.deviceKey, deviceKey)))
    return rows.length > 0
  }

  /**
   * Where this session's enrolment stands: `granted` while its grant is live (the shares are collected with it,
   * once); else its request, made now if it has none, `pending` or `recovering`. With `wait`, a pending request
   * is held up to the wait's time for an answer.
   */
  async status(session: Session, asker: Asker, { wait, signal }: Wait): Promise<EnrolmentState> {
    await this.requireWallet(session.userId)
    const deadline = performance.now() + (wait ? this.waitMs() : 0)
    for (;;) {
      const state = await this.current(session, asker)
      if (state.status !== 'pending') return state
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) return state
      await sleep(Math.min(DEVICE_WAIT_POLL_MS, left), undefined, { signal }).catch(() => {})
    }
  }

  /**
   * A recovery with no other device's approval: the grant at RECOVERY_DELAY_MS from now, unless a device of the
   * wallet refuses first; an e-mail user is told at their address. Asked again, the first time stands.
   */
  async recover(session: Session, asker: Asker): Promise<EnrolmentState> {
    const state = await this.status(session, asker, { wait: false, signal: AbortSignal.abort() })
    if (state.status !== 'pending') return state
    const recoverAt = this.now() + RECOVERY_DELAY_MS
    const [row] = await this.db
      .update(requests)
      // It stands as long as the session that asked: the device collects it whenever it comes back after.
      .set({ recoverAt, expiresAt: session.expiresAt })
      .where(eq(requests.sessionHash, session.tokenHash))
      .returning({ userAgent: requests.userAgent })
    if (session.email !== null)
      await this.mailer.send(
        recoveryMail(session.email, describeUserAgent(row?.userAgent ?? null).device, recoverAt),
      )
    return { status: 'recovering', recoverAt }
  }

  /**
   * The new devices waiting for this wallet, for a device that holds it (none for any other, nor its own request);
   * with `wait`, held up to the wait's time until there is one.
   */
  async waiting(session: Session, { wait, signal }: Wait): Promise<NewDevice[]> {
    if (!(await this.isEnrolled(session.userId, session.deviceKey))) return []
    const deadline = performance.now() + (wait ? this.waitMs() : 0)
    for (;;) {
      const rows = await this.db
        .select({
          id: requests.id,
          userAgent: requests.userAgent,
          clientAddress: requests.clientAddress,
          askedAt: requests.askedAt,
          recoverAt: requests.recoverAt,
          site: requests.site,
          projectId: requests.projectId,
          projectName: projects.name,
        })
        .from(requests)
        .leftJoin(projects, eq(projects.id, requests.projectId))
        .where(
          and(
            eq(requests.userId, session.userId),
            ne(requests.sessionHash, session.tokenHash),
            gt(requests.expiresAt, this.now()),
          ),
        )
      const left = deadline - performance.now()
      if (rows.length > 0 || left <= 0 || signal.aborted)
        return rows.map((row) => ({
          id: row.id,
          ...describeUserAgent(row.userAgent),
          place: describeNetwork(row.clientAddress),
          signedInWith: session.provider
            ? (IDENTITY_PROVIDER_LABELS[session.provider as IdentityProvider] ?? session.provider)
            : 'E-mail',
          site: row.site,
          project: row.projectName ?? row.projectId,
          askedAt: row.askedAt,
          recoverAt: row.recoverAt,
        }))
      await sleep(Math.min(DEVICE_WAIT_POLL_MS, left), undefined, { signal }).catch(() => {})
    }
  }

  /**
   * A device of the wallet answers a new device's request: approved, the new device's session gets its grant;
   * refused, that session ends (a recovery with it).
   */
  async answer(session: Session, id: string, approve: boolean): Promise<void> {
    if (!(await this.isEnrolled(session.userId, session.deviceKey))) throw new EmbeddedError('notAnApprover')
    const [request] = await this.db
      .delete(requests)
      .where(
        and(
          eq(requests.id, id),
          eq(requests.userId, session.userId),
          ne(requests.sessionHash, session.tokenHash),
          gt(requests.expiresAt, this.now()),
        ),
      )
      .returning({ sessionHash: requests.sessionHash })
    if (!request) throw new EmbeddedError('noNewDevice')
    if (approve)
      await this.db
        .update(sessions)
        .set({ enrolUntil: this.now() + ENROLMENT_TTL_MS })
        .where(eq(sessions.tokenHash, request.sessionHash))
    else await this.db.delete(sessions).where(eq(sessions.tokenHash, request.sessionHash))
  }

  purge(): Promise<unknown> {
    return this.db.delete(requests).where(lte(requests.expiresAt, this.now()))
  }

  private async current(session: Session, asker: Asker): Promise<EnrolmentState> {
    const now = this.now()
    const [live] = await this.db
      .select({ enrolUntil: sessions.enrolUntil })
      .from(sessions)
      .where(eq(sessions.tokenHash, session.tokenHash))
    // Refused (or signed out) while it waited: the session is gone, and so is its request.
    if (!live) throw new EmbeddedError('sessionNotLive')
    if (live.enrolUntil && live.enrolUntil > now) return { status: 'granted', recoverAt: null }
    const [request] = await this.db
      .select({ recoverAt: requests.recoverAt, expiresAt: requests.expiresAt })
      .from(requests)
      .where(eq(requests.sessionHash, session.tokenHash))
    if (request && request.expiresAt > now) {
      if (request.recoverAt === null) return { status: 'pending', recoverAt: null }
      if (request.recoverAt > now) return { status: 'recovering', recoverAt: request.recoverAt }
      // The delay passed and no device refused: the grant, once, as an approval would give it.
      await this.db.delete(requests).where(eq(requests.sessionHash, session.tokenHash))
      await this.db
        .update(sessions)
        .set({ enrolUntil: now + ENROLMENT_TTL_MS })
        .where(eq(sessions.tokenHash, session.tokenHash))
      return { status: 'granted', recoverAt: null }
    }
    const fields = {
      id: randomUUID(),
      userId: session.userId,
      userAgent: asker.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      clientAddress: asker.ip,
      projectId: session.projectId,
      site: asker.site,
      askedAt: now,
      expiresAt: now + ENROLMENT_REQUEST_TTL_MS,
      recoverAt: null,
    }
    try {
      await this.askWithinBound(session, fields, now)
    } catch (error) {
      if (error instanceof EmbeddedError) throw error
      // The session ended between the two steps (its request goes with it): that, not a failure.
      const [still] = await this.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(eq(sessions.tokenHash, session.tokenHash))
      throw still ? error : new EmbeddedError('sessionNotLive')
    }
    return { status: 'pending', recoverAt: null }
  }

  /**
   * Writes the session's request unless PENDING_ENROLMENTS_MAX other live requests of the user wait already (the
   * first asked are kept; one more is refused). Counted and written under the user's row (FOR UPDATE): requests
   * made at once are decided one after the other, so they can't all slip under the bound.
   */
  private async askWithinBound(
    session: Session,
    fields: Omit<typeof requests.$inferInsert, 'sessionHash'>,
    now: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, session.userId)).for('update')
      const others = await tx
        .select({ sessionHash: requests.sessionHash })
        .from(requests)
        .where(
          and(
            eq(requests.userId, session.userId),
            gt(requests.expiresAt, now),
            ne(requests.sessionHash, session.tokenHash),
          ),
        )
      if (others.length >= PENDING_ENROLMENTS_MAX) throw new EmbeddedError('tooManyNewDevices')
      await tx
        .insert(requests)
        .values({ ...fields, sessionHash: session.tokenHash })
        .onConflictDoUpdate({ target: requests.sessionHash, set: fields })
    })
  }

  private async requireWallet(userId: string): Promise<void> {
    const [user] = await this.db.select({ address: users.address }).from(users).where(eq(users.id, userId))
    if (!user?.address) throw new EmbeddedError('noWallet')
  }
}
