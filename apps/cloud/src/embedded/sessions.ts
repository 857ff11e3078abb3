import type { EmbeddedSession, IdentityProvider } from '@allaccess/protocol'
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import type { DeviceBinding, DeviceProofs, SessionAuth } from './device-proof.js'
import { EmbeddedError } from './errors.js'
import { ENROLMENT_TTL_MS, FRESH_TTL_MS, SESSION_TTL_MS } from './limits.js'
import { newToken, sha256, TOKEN_PATTERN } from './secrets.js'
import {
  embeddedDeviceApprovals as approvals,
  embeddedDevices as devices,
  embeddedEnrolledDevices as enrolledDevices,
  embeddedIdentities as identities,
  embeddedSessions as sessions,
  embeddedUsers as users,
} from './tables.js'

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

/**
 * The sessions of the embedded wallet and the devices they make known: each bound to a device key and a project,
 * kept as the hash of its token, ended one by one or all at once, made fresh by a new proof of the user.
 */
export class EmbeddedSessions {
  constructor(
    private readonly db: Db,
    private readonly proofs: DeviceProofs,
    private readonly now: () => number,
  ) {}

  /**
   * The session of a request: sessionNotLive when its token is unknown, expired, revoked or another project's;
   * deviceNotProven unless the request is signed by the session's device key (fresh, never seen before).
   */
  async session(auth: SessionAuth): Promise<LiveSession> {
    const session = auth.token ? await this.live(auth.token) : undefined
    if (!session || session.projectId !== auth.projectId) throw new EmbeddedError('sessionNotLive')
    await this.proofs.verify(session.deviceKey, auth.proof)
    return session
  }

  /** The live session of `token`, unproven (a connect asks whether it may skip the code). */
  async live(token: string): Promise<LiveSession | undefined> {
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

  /**
   * A new session of the user on the device, which becomes known, bound to the device's key and the project. On a
   * device new to the user it carries the one-time enrolment grant when `enrols` (the sign-in proved the device:
   * a code on it, its approval link). Its token; the cloud keeps its hash.
   */
  async start(userId: string, deviceId: string, binding: DeviceBinding, enrols: boolean): Promise<string> {
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

  async isKnownDevice(userId: string, deviceId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: devices.userId })
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.deviceId, deviceId)))
    return rows.length > 0
  }

  async revoke(session: LiveSession): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, session.tokenHash))
  }

  /**
   * Ends the user's sessions (but `keep`) and the device approvals not yet collected: a device approved, or about
   * to be, by whoever held a session or the inbox must not sign in after the user shut them out.
   */
  async endAccess(userId: string, keep?: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        keep ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)) : eq(sessions.userId, userId),
      )
    await this.db.delete(approvals).where(eq(approvals.userId, userId))
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

  /** Deletes the sessions expired by `now`. */
  async purge(now: number): Promise<void> {
    await this.db.delete(sessions).where(lte(sessions.expiresAt, now))
  }
}
