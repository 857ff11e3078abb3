import { pgTable, text } from 'drizzle-orm/pg-core'

/** Small key/value facts such as the directory revision and the seeded catalogue's hash. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
