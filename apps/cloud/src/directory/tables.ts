import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { bytea } from '../db/bytea.js'

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
