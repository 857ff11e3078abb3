import { EMAIL_THROTTLE_SECONDS } from '@allaccess/protocol'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { TooManyRequestsError } from '../http/errors.js'
import {
  CODES_BEFORE_BACKOFF,
  CODES_PER_EMAIL_PER_DAY,
  EMAIL_DAY_MS,
  FAILURES_PER_DEVICE_PER_DAY,
} from './limits.js'
import { embeddedEmailFailures as failures, embeddedEmailLimits as limits } from './tables.js'

type Day = typeof limits.$inferSelect

/** The wait after the `codes`-th code of the day: 30 s, doubling past CODES_BEFORE_BACKOFF. */
export function backoffMs(codes: number): number {
  return EMAIL_THROTTLE_SECONDS * 1000 * 2 ** Math.max(0, codes - CODES_BEFORE_BACKOFF)
}

/**
 * The limits of one e-mail address that no client address changes (apps/cloud/README.md#embedded-wallet): code
 * e-mails per day with a growing wait between them, and wrong codes per day and device key (a device key past
 * them gets no new code for the address; the others still do). Counted in the database (every instance sees the
 * same day). An e-mail account's codes (sign-in, update, reauth) all count on its address.
 */
export class EmailLimits {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** 429 (the real seconds left) when `email` may not be sent a code for `deviceKey` now. */
  async assertCanSend(email: string, deviceKey: string): Promise<void> {
    await this.assertNotFailing(email, deviceKey)
    const day = await this.today(email)
    if (day) this.assertOpen(day)
  }

  /**
   * Counts one code e-mail to `email` for `deviceKey`, or refuses it (429). Returns what takes it back, for an
   * e-mail that could not be sent. Two sends at once: one counts, the other is refused.
   */
  async countSend(email: string, deviceKey: string): Promise<() => Promise<void>> {
    const now = this.now()
    await this.assertNotFailing(email, deviceKey)
    const day = await this.today(email)
    if (day) this.assertOpen(day)
    const counted = day
      ? await this.db
          .update(limits)
          .set({ codes: sql`${limits.codes} + 1`, lastSentAt: now })
          .where(
            and(
              eq(limits.email, email),
              eq(limits.codes, day.codes),
              eq(limits.dayStartedAt, day.dayStartedAt),
            ),
          )
          .returning({ email: limits.email })
      : await this.db
          .insert(limits)
          .values({ email, dayStartedAt: now, codes: 1, lastSentAt: now })
          .onConflictDoNothing()
          .returning({ email: limits.email })
    if (counted.length === 0) throw new TooManyRequestsError(EMAIL_THROTTLE_SECONDS)
    return async () => {
      await this.db
        .update(limits)
        .set({ codes: sql`greatest(${limits.codes} - 1, 0)`, lastSentAt: day?.lastSentAt ?? null })
        .where(and(eq(limits.email, email), eq(limits.lastSentAt, now)))
    }
  }

  /** Counts one wrong code for `email` by `deviceKey` in their day. */
  async countFailure(email: string, deviceKey: string): Promise<void> {
    const now = this.now()
    await this.db
      .insert(failures)
      .values({ email, deviceKey, dayStartedAt: now, failures: 1 })
      .onConflictDoUpdate({
        target: [failures.email, failures.deviceKey],
        set: {
          failures: sql`case when ${failures.dayStartedAt} <= ${now - EMAIL_DAY_MS} then 1 else ${failures.failures} + 1 end`,
          dayStartedAt: sql`case when ${failures.dayStartedAt} <= ${now - EMAIL_DAY_MS} then ${now} else ${failures.dayStartedAt} end`,
        },
      })
  }

  /** Forgets the days that ended (the purge). */
  async purge(): Promise<void> {
    const ended = this.now() - EMAIL_DAY_MS
    await this.db.delete(limits).where(sql`${limits.dayStartedAt} <= ${ended}`)
    await this.db.delete(failures).where(sql`${failures.dayStartedAt} <= ${ended}`)
  }

  /** 429 until the day ends when `deviceKey` made its day's wrong codes for `email`. */
  private async assertNotFailing(email: string, deviceKey: string): Promise<void> {
    const [day] = await this.db
      .select()
      .from(failures)
      .where(and(eq(failures.email, email), eq(failures.deviceKey, deviceKey)))
    const dayEnds = (day?.dayStartedAt ?? 0) + EMAIL_DAY_MS
    if (day && day.failures >= FAILURES_PER_DEVICE_PER_DAY && dayEnds > this.now())
      throw new TooManyRequestsError(Math.ceil((dayEnds - this.now()) / 1000))
  }

  /** `email`'s day, or undefined when it has none running (a day that ended is dropped first). */
  private async today(email: string): Promise<Day | undefined> {
    const [day] = await this.db.select().from(limits).where(eq(limits.email, email))
    if (!day || day.dayStartedAt + EMAIL_DAY_MS > this.now()) return day
    await this.db
      .delete(limits)
      .where(and(eq(limits.email, email), eq(limits.dayStartedAt, day.dayStartedAt)))
    return undefined
  }

  private assertOpen(day: Day): void {
    const now = this.now()
    const dayEnds = day.dayStartedAt + EMAIL_DAY_MS
    let until = day.lastSentAt === null ? 0 : day.lastSentAt + backoffMs(day.codes)
    if (day.codes >= CODES_PER_EMAIL_PER_DAY) until = dayEnds
    if (until > now) throw new TooManyRequestsError(Math.ceil((until - now) / 1000))
  }
}
