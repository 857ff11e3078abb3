import { and, desc, eq, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { Mailer } from '../mail/index.js'
import { EmailLimits } from './email-limits.js'
import { addressTakenMail, type CodePurpose, codeMail } from './emails.js'
import { EmbeddedError } from './errors.js'
import { CODE_MAX_FAILURES, CODE_TTL_MS, SENDS_PER_IP_WINDOW_MS } from './limits.js'
import { newCode, type Secrets } from './secrets.js'
import { embeddedCodes as codes } from './tables.js'

/**
 * The one-time codes of every e-mail flow (sign-in, update, reauth) and the throttles of every e-mail the wallet
 * sends: per client address (in this instance's memory), and per e-mail address and day with back-off (in the
 * database: limits no client address changes).
 */
export class OneTimeCodes {
  /** E-mails each client address caused: 429 past EMBEDDED_SENDS_PER_IP in SENDS_PER_IP_WINDOW_MS. */
  private readonly sendsByIp: SlidingWindowLimit
  /** Code e-mails and wrong codes per e-mail address and day, with back-off: limits no client address changes. */
  private readonly emailLimits: EmailLimits

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly mailer: Mailer,
    sendsPerIp: () => number,
    private readonly now: () => number,
  ) {
    this.sendsByIp = new SlidingWindowLimit(sendsPerIp, SENDS_PER_IP_WINDOW_MS, now)
    this.emailLimits = new EmailLimits(db, now)
  }

  /** Counts one e-mail caused by `ip` (429 past its limit): what takes it back, for a mail that was not sent. */
  countIp(ip: string): () => void {
    return this.sendsByIp.take(ip)
  }

  /** 429 (the real seconds left) when `email` may not be sent a code for `deviceKey` now; counts nothing. */
  assertCanSend(email: string, deviceKey: string): Promise<void> {
    return this.emailLimits.assertCanSend(email, deviceKey)
  }

  /** The notice to an address that already has a wallet, bounded like a code e-mail. */
  async sendNotice(email: string, ip: string, deviceKey: string): Promise<void> {
    const uncount = await this.countSend(email, ip, deviceKey)
    await this.mailer.send(addressTakenMail(email)).catch(async (error: unknown) => {
      await uncount()
      throw error
    })
  }

  /** E-mails a new code of `purpose` for `subject` (replacing the address's last one of that purpose). */
  async send(
    email: string,
    purpose: CodePurpose,
    subject: string,
    ip: string,
    deviceKey: string,
    payload: string | null = null,
  ): Promise<void> {
    const uncount = await this.countSend(email, ip, deviceKey)
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
      await uncount()
      await this.db
        .delete(codes)
        .where(and(eq(codes.email, email), eq(codes.purpose, purpose), eq(codes.sentAt, sentAt)))
      throw error
    }
  }

  /**
   * Uses up the live code of `purpose` found by `where`, sent for `subject`: expiredCode when there is none
   * (or it was used, expired or sent for another subject), deadCode after CODE_MAX_FAILURES wrong tries,
   * wrongCode for a wrong one (which counts, on the code and on `deviceKey`'s day for the address).
   */
  async consume(where: SQL, purpose: CodePurpose, subject: string, otp: string, deviceKey: string) {
    const [row] = await this.db
      .select()
      .from(codes)
      .where(and(where, eq(codes.purpose, purpose)))
      .orderBy(desc(codes.sentAt))
      .limit(1)
    if (!row || row.used || row.subject !== subject) throw new EmbeddedError('expiredCode')
    if (row.failures >= CODE_MAX_FAILURES) throw new EmbeddedError('deadCode')
    if (this.now() >= row.expiresAt) throw new EmbeddedError('expiredCode')
    const key = and(eq(codes.email, row.email), eq(codes.purpose, purpose), eq(codes.sentAt, row.sentAt))
    if (!this.secrets.codeMatches(row.codeHash, row.email, purpose, otp)) {
      const [after] = await this.db
        .update(codes)
        .set({ failures: sql`${codes.failures} + 1` })
        .where(key)
        .returning({ failures: codes.failures })
      await this.emailLimits.countFailure(row.email, deviceKey)
      if ((after?.failures ?? CODE_MAX_FAILURES) >= CODE_MAX_FAILURES) throw new EmbeddedError('deadCode')
      throw new EmbeddedError('wrongCode')
    }
    const used = await this.db
      .update(codes)
      .set({ used: true })
      .where(and(key, eq(codes.used, false), lt(codes.failures, CODE_MAX_FAILURES)))
      .returning({ email: codes.email })
    if (used.length === 0) throw new EmbeddedError('expiredCode')
    return row
  }

  /** Counts one e-mail to `email` on `ip`'s and the address's limits (429 past either): what takes it back. */
  private async countSend(email: string, ip: string, deviceKey: string): Promise<() => Promise<void>> {
    const uncountIp = this.sendsByIp.take(ip)
    const uncount = await this.emailLimits.countSend(email, deviceKey).catch((error: unknown) => {
      uncountIp()
      throw error
    })
    return async () => {
      uncountIp()
      await uncount()
    }
  }

  /** Drops the codes and the throttles expired by `now`. */
  purge(now: number): Promise<unknown> {
    this.sendsByIp.purge()
    return Promise.all([this.db.delete(codes).where(lte(codes.expiresAt, now)), this.emailLimits.purge()])
  }
}
