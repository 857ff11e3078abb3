import type { EmbeddedUser, UpdateEmailAction } from '@allaccess/protocol'
import { and, eq } from 'drizzle-orm'
import { type Db, isUniqueViolation } from '../db/index.js'
import { EmbeddedError } from './errors.js'
import type { OneTimeCodes } from './one-time-codes.js'
import type { EmbeddedSessions, LiveSession } from './sessions.js'
import { embeddedCodes as codes, embeddedUsers as users } from './tables.js'
import { emailUser, normalise, userByEmail } from './users.js'

/** The e-mail of a session's user; a user of an identity provider has none to send codes to. */
function emailOf(session: LiveSession): string {
  if (session.email === null) throw new EmbeddedError('noEmail')
  return session.email
}

/**
 * What a signed-in e-mail user does with codes to their inbox: update the e-mail in three steps
 * (docs/behaviour.md#email), and make the session fresh (before a key export).
 */
export class EmailUpdates {
  constructor(
    private readonly db: Db,
    private readonly codes: OneTimeCodes,
    private readonly sessions: EmbeddedSessions,
    private readonly now: () => number,
  ) {}

  /** Update e-mail, step 1: a code to the current address. */
  async start(session: LiveSession, newEmail: string, ip: string): Promise<UpdateEmailAction> {
    const current = emailOf(session)
    const next = normalise(newEmail)
    if (next === current) throw new EmbeddedError('sameEmail')
    // Whether `next` is taken is told to `next`'s inbox only (verifyPrimary): the answer is the same either way.
    await this.codes.send(current, 'update-primary', session.tokenHash, ip, session.deviceKey, next)
    return 'VERIFY_PRIMARY_OTP'
  }

  /** Step 2: the current address's code checked, a code to the new address. */
  async verifyPrimary(session: LiveSession, otp: string, ip: string): Promise<UpdateEmailAction> {
    const current = emailOf(session)
    const [pending] = await this.db
      .select({ payload: codes.payload })
      .from(codes)
      .where(and(eq(codes.email, current), eq(codes.purpose, 'update-primary')))
    if (!pending?.payload) throw new EmbeddedError('noEmailUpdate')
    // Checked before the code is used up, so that a throttled new address does not cost the user this step.
    await this.codes.assertCanSend(pending.payload, session.deviceKey)
    const row = await this.codes.consume(
      eq(codes.email, current),
      'update-primary',
      session.tokenHash,
      otp,
      session.deviceKey,
    )
    const next = row.payload ?? pending.payload
    // A taken address gets a notice instead of a code, and the answer is the same: no code can ever move it.
    if (await userByEmail(this.db, next)) await this.codes.sendNotice(next, ip, session.deviceKey)
    else await this.codes.send(next, 'update-secondary', session.tokenHash, ip, session.deviceKey, next)
    return 'VERIFY_SECONDARY_OTP'
  }

  /** Step 3: the new address's code checked, the e-mail changes. */
  async verifySecondary(session: LiveSession, otp: string): Promise<EmbeddedUser> {
    const row = await this.codes.consume(
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
      if (isUniqueViolation(error)) throw new EmbeddedError('emailTaken')
      throw error
    }
    // Whoever held the old address's sessions or its approval links holds none of the new one's.
    await this.sessions.endAccess(session.userId, session.tokenHash)
    return emailUser(row.email, session.address)
  }

  /** A fresh code for the session's e-mail (before a key export). */
  async startReauth(session: LiveSession, ip: string): Promise<void> {
    await this.codes.send(emailOf(session), 'reauth', session.tokenHash, ip, session.deviceKey)
  }

  /** The reauth code checked: the session is fresh for FRESH_TTL_MS. */
  async verifyReauth(session: LiveSession, otp: string): Promise<number> {
    const email = emailOf(session)
    await this.codes.consume(eq(codes.email, email), 'reauth', session.tokenHash, otp, session.deviceKey)
    return this.sessions.makeFresh(session.tokenHash)
  }
}
