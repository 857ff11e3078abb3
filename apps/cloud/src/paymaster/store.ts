import { and, asc, count, desc, eq, inArray, lt, max, ne, or, type SQL, sql, sum } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../db/index.js'
import {
  SPONSORSHIP_RULES,
  type SponsorshipPolicy,
  SponsorshipRefusedError,
  sponsorshipPolicySchema,
} from './policy.js'
import { type SponsorshipRow, sponsorshipPolicies, sponsorships } from './tables.js'

/**
 * What the caps and the budget have counted so far, for one account on one day; `sameNonceWei` is the most the
 * grants a new one for `nonce` supersedes may cost (counted in `spentWei` already).
 */
export type Usage = { accountOps: number; dayOps: number; spentWei: bigint; sameNonceWei: bigint }
/** The operation a grant is for: a grant for the same sender and nonce supersedes the open one. */
export type Nonce = { chainId: number; nonce: bigint }
/** A grant the EntryPoint ran, with what it charged. */
export type Paid = { userOpHash: string; actualCostWei: bigint }

/** Not settled yet: either could still run. */
const unsettled = inArray(sponsorships.state, ['open', 'superseded'])

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

  /**
   * The counts of the project's grants: the account's and all of them on `day` (paid ones and open ones, but those
   * a grant for `next` would supersede), and the wei of all ever (paid ones at what they cost; unsettled ones at
   * their most, once per sender and nonce: only one of those can run).
   */
  async usage(
    projectId: string,
    sender: string,
    day: string,
    next?: Nonce,
    db: Db = this.db,
  ): Promise<Usage> {
    const project = eq(sponsorships.projectId, projectId)
    const account = sender.toLowerCase()
    const sameNonce = next
      ? and(
          eq(sponsorships.chainId, next.chainId),
          eq(sponsorships.sender, account),
          sql`${sponsorships.nonce} is not distinct from ${String(next.nonce)}`,
        )
      : undefined
    const counted = or(
      eq(sponsorships.state, 'paid'),
      and(eq(sponsorships.state, 'open'), sameNonce ? sql`not (${sameNonce})` : undefined),
    )
    const ops = (where: SQL | undefined) =>
      db
        .select({ n: count() })
        .from(sponsorships)
        .where(and(project, eq(sponsorships.day, day), counted, where))
    // A grant recorded before nonces were is a group of its own.
    const groups = db
      .select({ most: max(sponsorships.maxCostWei).as('most') })
      .from(sponsorships)
      .where(and(project, unsettled))
      .groupBy(
        sponsorships.chainId,
        sponsorships.sender,
        sql`coalesce(${sponsorships.nonce}::text, ${sponsorships.userOpHash})`,
      )
      .as('groups')
    // One after the other: inside the grant's transaction they share one connection.
    const [accountOps] = await ops(eq(sponsorships.sender, account))
    const [dayOps] = await ops(undefined)
    const [paid] = await db
      .select({ wei: sum(sponsorships.actualCostWei) })
      .from(sponsorships)
      .where(and(project, eq(sponsorships.state, 'paid')))
    const [reserved] = await db.select({ wei: sum(groups.most) }).from(groups)
    const [same] = sameNonce
      ? await db
          .select({ wei: max(sponsorships.maxCostWei) })
          .from(sponsorships)
          .where(and(project, unsettled, sameNonce))
      : []
    return {
      accountOps: accountOps?.n ?? 0,
      dayOps: dayOps?.n ?? 0,
      spentWei: BigInt(paid?.wei ?? '0') + BigInt(reserved?.wei ?? '0'),
      sameNonceWei: BigInt(same?.wei ?? '0'),
    }
  }

  /**
   * Runs `decide` with the project's current policy and usage while holding the policy's row (FOR UPDATE), and
   * records the grant it returns: two grants of one project are decided one after the other, so no cap or budget
   * is passed by asking at once. `decide` throws to refuse; the open grant for the same sender and nonce is
   * superseded by the one it returns.
   */
  async grant<Answer>(
    projectId: string,
    decide: (
      policy: SponsorshipPolicy | undefined,
      usage: (sender: string, day: string, next: Nonce) => Promise<Usage>,
    ) => Promise<{ row: SponsorshipRow; answer: Answer }>,
  ): Promise<Answer> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sponsorshipPolicies)
        .where(eq(sponsorshipPolicies.projectId, projectId))
        .for('update')
      const policy = row ? sponsorshipPolicySchema.parse(row.policy) : undefined
      const granted = await decide(policy, (sender, day, next) =>
        this.usage(projectId, sender, day, next, tx as unknown as Db),
      )
      const { row: grant } = granted
      await tx
        .update(sponsorships)
        .set({ state: 'superseded' })
        .where(
          and(
            eq(sponsorships.projectId, projectId),
            eq(sponsorships.chainId, grant.chainId),
            eq(sponsorships.sender, grant.sender),
            sql`${sponsorships.nonce} is not distinct from ${grant.nonce}`,
            eq(sponsorships.state, 'open'),
            ne(sponsorships.userOpHash, grant.userOpHash),
          ),
        )
      // The same operation granted twice in one second is the same grant: open again if a regrant superseded it.
      const written = await tx
        .insert(sponsorships)
        .values(grant)
        .onConflictDoUpdate({
          target: sponsorships.userOpHash,
          set: { state: 'open' },
          setWhere: and(eq(sponsorships.state, 'superseded'), eq(sponsorships.projectId, projectId)),
        })
        .returning({ projectId: sponsorships.projectId })
      // Projects share the paymaster and its signer: the very same operation granted by another project in the
      // same second has the same hash, and is that project's grant, not this one's (refused, nothing written).
      if (written.length === 0) {
        const [held] = await tx
          .select({ projectId: sponsorships.projectId })
          .from(sponsorships)
          .where(eq(sponsorships.userOpHash, grant.userOpHash))
        if (held && held.projectId !== projectId)
          throw new SponsorshipRefusedError(
            SPONSORSHIP_RULES.policy,
            'another project sponsors this very operation: ask again in a second',
          )
      }
      return granted.answer
    })
  }

  /**
   * The project's unsettled grants whose window ended before `before` (unix seconds), the ones with a recorded
   * block first, lowest first: what one search of the chain settles.
   */
  due(projectId: string, before: number, limit: number): Promise<SponsorshipRow[]> {
    return this.db
      .select()
      .from(sponsorships)
      .where(and(eq(sponsorships.projectId, projectId), unsettled, lt(sponsorships.validUntil, before)))
      .orderBy(sql`${sponsorships.grantBlock} asc nulls last`, asc(sponsorships.validUntil))
      .limit(limit)
  }

  /**
   * Settles grants still unsettled (a second search finding the same changes nothing), and moves the block the
   * next search of the others starts from to the block this one searched to.
   */
  async settle(
    paid: Paid[],
    released: string[],
    searched: { hashes: string[]; block: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (searched.hashes.length > 0)
        await tx
          .update(sponsorships)
          .set({ grantBlock: searched.block })
          .where(
            and(
              inArray(sponsorships.userOpHash, searched.hashes),
              unsettled,
              sql`coalesce(${sponsorships.grantBlock}, -1) < ${searched.block}`,
            ),
          )
      for (const { userOpHash, actualCostWei } of paid)
        await tx
          .update(sponsorships)
          .set({ state: 'paid', actualCostWei: String(actualCostWei) })
          .where(and(eq(sponsorships.userOpHash, userOpHash), unsettled))
      if (released.length > 0)
        await tx
          .update(sponsorships)
          .set({ state: 'released' })
          .where(and(inArray(sponsorships.userOpHash, released), unsettled))
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
