import type { Database } from '../db/index.js'
import { defineService } from '../service/define.js'
import { projectsConfig } from './config.js'
import { projectRoutes } from './routes.js'
import { ProjectStore } from './store.js'
import * as tables from './tables.js'

export const projectsService = defineService({
  name: 'projects',
  tables,
  env: projectsConfig,
  open: ({ database }: { database: Database }, { config }) => ({
    projects: new ProjectStore(database.db, config.projectCacheMs),
  }),
  routes: async (app, { projects }: { projects: ProjectStore }) => {
    await app.register(projectRoutes, { projects })
  },
})
