import type { Database } from '../db/index.js'
import type { DevnetSigner } from '../faucet/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { type SolanaNetworks, solanaSandboxRail } from '../solana/index.js'
import { SANDBOX_NETWORK, SOLANA_SANDBOX_NETWORK } from './catalogue.js'
import { onrampConfig } from './config.js'
import { testUsdRail } from './rails.js'
import { onrampRoutes } from './routes.js'
import { OnrampService } from './service.js'
import * as tables from './tables.js'

export const onrampService = defineService({
  name: 'onramp',
  tables,
  env: onrampConfig,
  open: async (
    {
      database,
      devnetSigner,
      solana,
    }: { database: Database; devnetSigner: DevnetSigner; solana: SolanaNetworks },
    { config },
  ) => {
    const rails = {
      [SANDBOX_NETWORK]: testUsdRail(devnetSigner, config.onramp.tokenAddress),
      [SOLANA_SANDBOX_NETWORK]: await solanaSandboxRail(solana, config.onramp.solanaSeed),
    }
    return { onramp: new OnrampService(database.db, rails, config.publicUrl, config.onramp) }
  },
  routes: async (app, { projects, onramp }: { projects: ProjectStore; onramp: OnrampService }) => {
    await app.register(onrampRoutes, { projects, onramp })
  },
})
