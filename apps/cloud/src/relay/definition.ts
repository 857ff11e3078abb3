import type { Database } from '../db/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { relayConfig } from './config.js'
import { openRelay } from './open.js'
import type { Relay } from './relay.js'
import { relayRoutes } from './routes.js'
import * as tables from './tables.js'

/** The WalletConnect relay. */
export const relayService = defineService({
  name: 'relay',
  tables,
  env: relayConfig,
  open: async ({ database }: { database: Database }, { config, log }) => ({
    relay: await openRelay({ db: database.db, databaseUrl: config.databaseUrl, limits: config.relay, log }),
  }),
  routes: async (app, { relay, projects }: { relay: Relay; projects: ProjectStore }, { config }) => {
    await app.register(relayRoutes, { relay, projects, publicUrl: config.publicUrl })
  },
  close: ({ relay }) => relay.close(),
})
