import { NAMES_CCIP_POST_PATH } from '@allaccess/protocol'
import type { Database } from '../db/index.js'
import type { Upstreams } from '../gateway/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import type { SiwxChains } from '../siwx/index.js'
import { namesConfig } from './config.js'
import { CcipGateway } from './gateway.js'
import { namesRoutes } from './routes.js'
import { NameService } from './service.js'
import { NameStanding } from './standing.js'
import * as tables from './tables.js'

export const namesService = defineService({
  name: 'names',
  tables,
  env: namesConfig,
  // Any ENS-aware app, from any origin, calls the gateway through the resolver.
  publicPrefixes: [NAMES_CCIP_POST_PATH],
  open: (
    { database, upstreams, chains }: { database: Database; upstreams: Upstreams; chains: SiwxChains },
    { config },
  ) => {
    const names = new NameService(
      database.db,
      upstreams,
      config.names.zone,
      new NameStanding(database.db, chains),
    )
    return { names, namesGateway: new CcipGateway(names, config.names.signerKey) }
  },
  routes: async (
    app,
    {
      projects,
      names,
      namesGateway,
    }: { projects: ProjectStore; names: NameService; namesGateway: CcipGateway },
  ) => {
    await app.register(namesRoutes, { projects, names, gateway: namesGateway })
  },
})
