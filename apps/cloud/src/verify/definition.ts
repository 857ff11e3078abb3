import type { Database } from '../db/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { openVerify } from './open.js'
import { verifyRoutes } from './routes.js'
import type { VerifyService } from './service.js'
import * as tables from './tables.js'

export const verifyService = defineService({
  name: 'verify',
  tables,
  open: async ({ database, projects }: { database: Database; projects: ProjectStore }, { log }) => ({
    verify: await openVerify(database.db, projects, log),
  }),
  routes: async (app, { verify }: { verify: VerifyService }) => {
    await app.register(verifyRoutes, { verify })
  },
  close: ({ verify }) => verify.close(),
})
