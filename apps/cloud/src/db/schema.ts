import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { bytea } from './bytea.js'

export type RemoteFeature = { id: string; isEnabled: boolean; config: unknown }

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default([]),
  analyticsEnabled: boolean('analytics_enabled').notNull().default(true),
  features: jsonb('features').$type<RemoteFeature[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const wallets = pgTable('wallets', {
  id: text('id').primaryKey(),
  /** The full validated listing as imported; the columns below exist for SQL filtering and ordering. */
  listing: jsonb('listing').$type<Record<string, unknown>>().notNull(),
  name: text('name').notNull(),
  order: integer('order').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const images = pgTable(
  'images',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
)

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    isError: boolean('is_error').notNull(),
    clientKey: text('client_key').notNull(),
    sdkType: text('sdk_type'),
    sdkVersion: text('sdk_version'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.eventId] }),
    index('analytics_errors_by_client').on(t.clientKey, t.receivedAt),
  ],
)

/** Small key/value facts such as the directory revision and the seeded catalogue's hash. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** The embedded wallet's users, identities, devices, codes, sessions, device approvals and social sign-ins (defined beside it). */
export {
  embeddedCodes,
  embeddedDeviceApprovals,
  embeddedDevices,
  embeddedEmailFailures,
  embeddedEmailLimits,
  embeddedEnrolledDevices,
  embeddedEnrolmentRequests,
  embeddedIdentities,
  embeddedProofNonces,
  embeddedSessions,
  embeddedSocialAttempts,
  embeddedUsers,
} from '../embedded/tables.js'
/** The chain indexer's tables (defined beside the indexer). */
export {
  indexerAccountTokens,
  indexerActivity,
  indexerBlocks,
  indexerChains,
  indexerNfts,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
} from '../indexer/tables.js'
/** The name service's names (defined beside it). */
export { names } from '../names/tables.js'
/** The sandbox on-ramp's orders (defined beside the service). */
export { onrampOrders } from '../onramp/tables.js'
/** The paymaster's sponsorship policies and grants (defined beside it). */
export { sponsorshipPolicies, sponsorships } from '../paymaster/tables.js'
/** The WalletConnect relay's message cache (defined beside the relay). */
export { relayAcks, relayMessages } from '../relay/tables.js'
/** Sign-in with the wallet: issued nonces and sessions (defined beside the service). */
export { siwxNonces, siwxSessions } from '../siwx/tables.js'
/** Verify attestations (defined beside the verify service). */
export { verifyAttestations } from '../verify/tables.js'
