import { setTimeout as sleep } from 'node:timers/promises'
import { type EmbeddedUser, RECOVERY_DELAY_MS } from '@allaccess/protocol'
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm'
import type { PublicUrl } from '../config/index.js'
import type { Db } from '../db/index.js'
import type { Mailer } from '../mail/index.js'
import type { DeviceBinding } from './device-proof.js'
import { approvalMail } from './emails.js'
import { DEVICE_APPROVAL_TTL_MS, DEVICE_WAIT_POLL_MS, USER_AGENT_MAX_LENGTH } from './limits.js'
import type { OneTimeCodes } from './one-time-codes.js'
import { newToken, sha256, TOKEN_PATTERN } from './secrets.js'
import type { EmbeddedSessions } from './sessions.js'
import { embeddedDeviceApprovals as approvals, embeddedUsers as users } from './tables.js'
import { emailUser } from './users.js'

/** Who asked for a device approval, as the approval page describes them. */
export type DeviceOrigin = { ip: string; userAgent: string | undefined }

/** A device approval as its link's page shows it. */
export type ApprovalRequest = { userAgent: string | null; clientAddress: string | null; sentAt: number }

/**
 * The approval link of a known e-mail user's new device (docs/embedded-wallet.md#sign-in): e-mailed once its code
 * is verified, opened (which only asks) and approved in a browser, and collected once by the device that verified
 * the code, with the ticket it was given.
 */
export class DeviceApprovals {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: PublicUrl,
    private readonly codes: OneTimeCodes,
    private readonly sessions: EmbeddedSessions,
    private readonly waitMs: () => number,
    private readonly now: () => number,
  ) {}

  /** The device approval a link still can give (unused, unexpired), for its page; opening it only asks. */
  async request(token: string): Promise<ApprovalRequest | undefined> {
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
  async approve(token: string): Promise<boolean> {
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
   * Waits (at most `waitMs`, less when `signal` aborts) for the approval of the device holding `ticket`;
   * once approved, the device becomes known and its session starts, once: that session, else undefined.
   */
  async wait(
    deviceId: string,
    ticket: string,
    binding: DeviceBinding,
    signal: AbortSignal,
  ): Promise<{ sessionToken: string; user: EmbeddedUser } | undefined> {
    const deadline = performance.now() + this.waitMs()
    for (;;) {
      const session = TOKEN_PATTERN.test(ticket)
        ? await this.claim(deviceId, sha256(ticket), binding)
        : undefined
      if (session) return session
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) return undefined
      await sleep(Math.min(DEVICE_WAIT_POLL_MS, left), undefined, { signal }).catch(() => {})
    }
  }

  /**
   * E-mails the approval link of a new device whose code was just verified (one link per verified code: the code's
   * limits are the link's). The ticket that collects the session.
   */
  async send(userId: string, email: string, deviceId: string, origin: DeviceOrigin, binding: DeviceBinding) {
    const uncountIp = this.codes.countIp(origin.ip)
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

  /** Deletes the approvals expired by `now`. */
  async purge(now: number): Promise<void> {
    await this.db.delete(approvals).where(lte(approvals.expiresAt, now))
  }

  /**
   * The session the approval of `ticketHash`'s device gives, once: undefined while it is not approved (or was
   * claimed, or expired, or is another device's).
   */
  private async claim(deviceId: string, ticketHash: string, binding: DeviceBinding) {
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
    const sessionToken = await this.sessions.start(claimed.userId, deviceId, binding, settled)
    return { sessionToken, user: emailUser(user.email, user.address) }
  }
}
