import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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
