import { bigint, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import type { SponsorshipPolicy } from './policy.js'

/** Each project's sponsorship policy (docs/paymaster.md): no row, no sponsorship. */
export const sponsorshipPolicies = pgTable('sponsorship_policies', {
  projectId: text('project_id').primaryKey(),
  policy: jsonb('policy').$type<SponsorshipPolicy>().notNull(),
  /** Unix milliseconds. */
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

/**
 * Every grant the paymaster signed: the caps count these rows and the budget sums their `maxCostWei` (the most the
 * operation can cost the paymaster, as signed), whether or not the operation was sent.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    /** The UserOperation's hash (ERC-4337 v0.8), grant included. */
    userOpHash: text('user_op_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    chainId: integer('chain_id').notNull(),
    /** Lower-case 0x address of the account. */
    sender: text('sender').notNull(),
    /** UTC day of the grant, `YYYY-MM-DD`: what the daily caps count. */
    day: text('day').notNull(),
    maxCostWei: numeric('max_cost_wei', { precision: 78, scale: 0 }).notNull(),
    /** The calls granted: `{ to, selector, valueWei }` each. */
    calls: jsonb('calls').$type<{ to: string; selector: string; valueWei: string }[]>().notNull(),
    /** Unix seconds after which the grant is void. */
    validUntil: bigint('valid_until', { mode: 'number' }).notNull(),
    /** Unix milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('sponsorships_by_project_day').on(t.projectId, t.day),
    index('sponsorships_by_project_sender_day').on(t.projectId, t.sender, t.day),
  ],
)

export type SponsorshipRow = typeof sponsorships.$inferSelect
