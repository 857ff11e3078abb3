import type { Database } from '../db/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { analyticsConfig } from './config.js'
import { analyticsRoutes } from './routes.js'
import * as tables from './tables.js'

export const analyticsService = defineService({
  name: 'analytics',
  tables,
  env: analyticsConfig,
  routes: async (app, { database, projects }: { database: Database; projects: ProjectStore }, { config }) => {
    await app.register(analyticsRoutes, { db: database.db, projects, limits: config.analytics })
  },
})
