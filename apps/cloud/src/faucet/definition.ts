import type { Upstreams } from '../gateway/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { faucetConfig } from './config.js'
import { Faucet } from './faucet.js'
import { faucetRoutes } from './routes.js'
import { DevnetSigner } from './signer.js'

export const faucetService = defineService({
  name: 'faucet',
  env: faucetConfig,
  open: ({ upstreams }: { upstreams: Upstreams }, { config }) => {
    // One signer for the faucet and the on-ramp's deliveries: one queue, so each send takes the next nonce.
    const devnetSigner = new DevnetSigner(upstreams, config.faucet.privateKey)
    return { devnetSigner, faucet: new Faucet(devnetSigner) }
  },
  routes: async (app, { projects, faucet }: { projects: ProjectStore; faucet: Faucet }) => {
    await app.register(faucetRoutes, { projects, faucet })
  },
})
