import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import type { SolanaNetworks } from '../solana/index.js'
import { gatewayConfig } from './config.js'
import { gatewayRoutes } from './routes.js'
import { Upstreams } from './upstream.js'

/** The RPC gateway over each chain's upstream (which every service that reads a chain shares), Solana's too. */
export const gatewayService = defineService({
  name: 'gateway',
  env: gatewayConfig,
  open: (_, { config }) => ({ upstreams: new Upstreams(config.rpc.upstreams, config.rpc.timeoutMs) }),
  routes: async (
    app,
    { projects, upstreams, solana }: { projects: ProjectStore; upstreams: Upstreams; solana: SolanaNetworks },
    { config },
  ) => {
    await app.register(gatewayRoutes, { projects, upstreams, solana, logs: config.rpc.logs })
  },
  close: ({ upstreams }) => upstreams.close(),
})
