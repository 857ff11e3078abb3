import { defineService } from '../service/define.js'
import { openDatabase } from './open.js'
import * as tables from './tables.js'

/** The database, migrated: opened before every service that keeps anything, closed after them. */
export const databaseService = defineService({
  name: 'database',
  tables,
  open: async (_, { config }) => ({ database: await openDatabase(config) }),
  close: ({ database }) => database.close(),
})
