import { and, count, desc, eq, sql, sum } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../db/index.js'
import { type SponsorshipPolicy, sponsorshipPolicySchema } from './policy.js'
import { type SponsorshipRow, sponsorshipPolicies, sponsorships } from './tables.js'

/** What the caps and the budget have counted so far, for one account on one day. */
export type Usage = { accountOps: number; dayOps: number; spentWei: bigint }

/** UTC day of a moment, `YYYY-MM-DD`: what the daily caps count. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The projects' sponsorship policies and the grants made under them. */
export class SponsorshipStore {
  constructor(private readonly db: Db) {}

  async policy(projectId: string): Promise<SponsorshipPolicy | undefined> {
    const [row] = await this.db
      .select()
      .from(sponsorshipPolicies)
      .where(eq(sponsorshipPolicies.projectId, projectId))
    return row ? sponsorshipPolicySchema.parse(row.policy) : undefined
  }

  /** Stores the policy (validated again: the CLI and the admin API both come here). */
  async setPolicy(projectId: string, input: SponsorshipPolicy): Promise<SponsorshipPolicy> {
    const parsed = sponsorshipPolicySchema.parse(input)
    const policy = {
      ...parsed,
      calls: parsed.calls.map((call) => ({ ...call, contract: getAddress(call.contract) })),
    }
    const updatedAt = Date.now()
    await this.db
      .insert(sponsorshipPolicies)
      .values({ projectId, policy, updatedAt })
      .onConflictDoUpdate({ target: sponsorshipPolicies.projectId, set: { policy, updatedAt } })
    return policy
  }

  /** Stores `policy` only if the project has none (the local project's default at start). */
  async ensurePolicy(projectId: string, policy: SponsorshipPolicy): Promise<void> {
    await this.db
      .insert(sponsorshipPolicies)
      .values({ projectId, policy, updatedAt: Date.now() })
      .onConflictDoNothing()
  }

  async removePolicy(projectId: string): Promise<void> {
    await this.db.delete(sponsorshipPolicies).where(eq(sponsorshipPolicies.projectId, projectId))
  }

  /** The counts of the project's grants: the account's and all of them on `day`, and the wei of all ever. */
  async usage(projectId: string, sender: string, day: string, db: Db = this.db): Promise<Usage> {
    const project = eq(sponsorships.projectId, projectId)
    const [[accountOps], [dayOps], [spent]] = await Promise.all([
      db
        .select({ n: count() })
        .from(sponsorships)
        .where(and(project, eq(sponsorships.sender, sender.toLowerCase()), eq(sponsorships.day, day))),
      db
        .select({ n: count() })
        .from(sponsorships)
        .where(and(project, eq(sponsorships.day, day))),
      db
        .select({ wei: sum(sponsorships.maxCostWei) })
        .from(sponsorships)
        .where(project),
    ])
    return {
      accountOps: accountOps?.n ?? 0,
      dayOps: dayOps?.n ?? 0,
      spentWei: BigInt(spent?.wei ?? '0'),
    }
  }

  /**
   * Runs `decide` with the project's current policy and usage while holding the policy's row (FOR UPDATE), and
   * records the grant it returns: two grants of one project are decided one after the other, so no cap or budget
   * is passed by asking at once. `decide` throws to refuse.
   */
  async grant<Answer>(
    projectId: string,
    decide: (
      policy: SponsorshipPolicy | undefined,
      usage: (sender: string, day: string) => Promise<Usage>,
    ) => Promise<{ row: SponsorshipRow; answer: Answer }>,
  ): Promise<Answer> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sponsorshipPolicies)
        .where(eq(sponsorshipPolicies.projectId, projectId))
        .for('update')
      const policy = row ? sponsorshipPolicySchema.parse(row.policy) : undefined
      const granted = await decide(policy, (sender, day) =>
        this.usage(projectId, sender, day, tx as unknown as Db),
      )
      await tx.insert(sponsorships).values(granted.row)
      return granted.answer
    })
  }

  /** The project's latest grants, newest first. */
  recent(projectId: string, limit: number): Promise<SponsorshipRow[]> {
    return this.db
      .select()
      .from(sponsorships)
      .where(eq(sponsorships.projectId, projectId))
      .orderBy(desc(sponsorships.createdAt), sql`${sponsorships.userOpHash}`)
      .limit(limit)
  }
}
