import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Verify attestations: which origin registered a WalletConnect message (by the hash the clients use as its
 * id), for wallets that look it up by hash (Verify v2). Kept until `expires_at` (epoch ms), a bounded
 * number per registering client.
 */
export const verifyAttestations = pgTable(
  'verify_attestations',
  {
    id: text('id').primaryKey(),
    origin: text('origin').notNull(),
    projectId: text('project_id').notNull(),
    /** Whether the origin is on the project's allowlist when it registered. */
    isVerified: boolean('is_verified').notNull(),
    /** The registering client's address: the per-client bound. */
    client: text('client').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('verify_attestations_by_client').on(t.client, t.createdAt),
    index('verify_attestations_by_expiry').on(t.expiresAt),
  ],
)
