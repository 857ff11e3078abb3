import { bigint, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import type { GrantState, SponsorshipPolicy } from './policy.js'

/** Each project's sponsorship policy (docs/paymaster.md): no row, no sponsorship. */
export const sponsorshipPolicies = pgTable('sponsorship_policies', {
  projectId: text('project_id').primaryKey(),
  policy: jsonb('policy').$type<SponsorshipPolicy>().notNull(),
  /** Unix milliseconds. */
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

/** Every grant the paymaster signed: the caps and the budget count them by their `state` (GRANT_STATES). */
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
    /** Unix seconds after which the grant is void (the EntryPoint's `block.timestamp > validUntil`). */
    validUntil: bigint('valid_until', { mode: 'number' }).notNull(),
    /** The operation's nonce (decimal); null for a grant recorded before states were. */
    nonce: numeric('nonce', { precision: 78, scale: 0 }),
    /** The chain's latest block when granted: its event can only be later. Null as `nonce`. */
    grantBlock: bigint('grant_block', { mode: 'number' }),
    state: text('state').$type<GrantState>().notNull().default('open'),
    /** What the EntryPoint charged, once `paid`. */
    actualCostWei: numeric('actual_cost_wei', { precision: 78, scale: 0 }),
    /** Unix milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('sponsorships_by_project_day').on(t.projectId, t.day),
    index('sponsorships_by_project_sender_day').on(t.projectId, t.sender, t.day),
    index('sponsorships_by_project_state').on(t.projectId, t.state, t.validUntil),
  ],
)

export type SponsorshipRow = typeof sponsorships.$inferSelect
