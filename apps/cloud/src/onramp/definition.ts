import type { Database } from '../db/index.js'
import type { DevnetSigner } from '../faucet/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { onrampConfig } from './config.js'
import { onrampRoutes } from './routes.js'
import { OnrampService } from './service.js'

export const onrampService = defineService({
  name: 'onramp',
  env: onrampConfig,
  open: ({ database, devnetSigner }: { database: Database; devnetSigner: DevnetSigner }, { config }) => ({
    onramp: new OnrampService(database.db, devnetSigner, config.publicUrl, config.onramp),
  }),
  routes: async (app, { projects, onramp }: { projects: ProjectStore; onramp: OnrampService }) => {
    await app.register(onrampRoutes, { projects, onramp })
  },
})
