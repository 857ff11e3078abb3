import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Registered names (apps/cloud/README.md#names), one row per name, lower-case and in full ("alice.allaccess.eth").
 * One name per address per zone. `signedAt` is the timestamp of the last message that wrote the row: a change
 * needs a newer one, so a replayed message cannot roll the attributes back. `expiresAt` ends the registration
 * (renewed by the owner's re-registration); `client` is the address that registered it (the per-client day cap).
 */
export const names = pgTable(
  'names',
  {
    name: text('name').primaryKey(),
    zone: text('zone').notNull(),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    /** ENSIP-9/11 coin type of the chain the address was registered on. */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    /** Unix seconds. */
    registeredAt: bigint('registered_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    signedAt: bigint('signed_at', { mode: 'number' }).notNull(),
    /** Unix seconds: past it the name resolves no more and is free to register again. */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    /** The client address that registered it (null for names from before it was kept). */
    client: text('client'),
  },
  (t) => [
    uniqueIndex('names_one_per_address').on(t.zone, t.address),
    index('names_by_address').on(t.address),
    index('names_by_client').on(t.client, t.registeredAt),
    index('names_by_registration').on(t.registeredAt),
  ],
)

export type NameRow = typeof names.$inferSelect
