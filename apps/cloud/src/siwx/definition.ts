import type { Database } from '../db/index.js'
import type { Upstreams } from '../gateway/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import type { SolanaNetworks } from '../solana/networks.js'
import { SiwxChains } from './chain.js'
import { siwxRoutes } from './routes.js'
import { SiwxService } from './service.js'
import * as tables from './tables.js'

/** Sign-in with a wallet; its chains (which names and Farcaster read too). */
export const siwxService = defineService({
  name: 'siwx',
  tables,
  open: (
    { database, upstreams, solana }: { database: Database; upstreams: Upstreams; solana: SolanaNetworks },
    { log },
  ) => {
    const chains = new SiwxChains(upstreams, solana)
    return { chains, siwx: new SiwxService(database.db, chains, log) }
  },
  routes: async (app, { projects, siwx }: { projects: ProjectStore; siwx: SiwxService }) => {
    await app.register(siwxRoutes, { projects, siwx })
  },
  close: ({ siwx }) => siwx.close(),
})
