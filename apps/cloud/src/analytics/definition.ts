import type { Database } from '../db/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { analyticsConfig } from './config.js'
import { analyticsRoutes } from './routes.js'

export const analyticsService = defineService({
  name: 'analytics',
  env: analyticsConfig,
  routes: async (app, { database, projects }: { database: Database; projects: ProjectStore }, { config }) => {
    await app.register(analyticsRoutes, { db: database.db, projects, limits: config.analytics })
  },
})
