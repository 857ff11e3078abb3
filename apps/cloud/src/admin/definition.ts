import type { Database } from '../db/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { adminConfig } from './config.js'
import { ADMIN_PREFIX, adminRoutes } from './routes.js'

/** The admin API (`/admin/v1`), behind the admin token. */
export const adminService = defineService({
  name: 'admin',
  env: adminConfig,
  routes: async (
    app,
    { database, projects }: { database: Database; projects: ProjectStore },
    { adminToken },
  ) => {
    await app.register(adminRoutes, { prefix: ADMIN_PREFIX, projects, db: database.db, adminToken })
  },
})
