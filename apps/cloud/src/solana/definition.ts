import { Upstreams } from '../gateway/index.js'
import { defineService } from '../service/define.js'
import { solanaConfig } from './config.js'
import { SolanaNetworks } from './networks.js'

/** The Solana networks' nodes, which the gateway, the account service and the on-ramp share. */
export const solanaService = defineService({
  name: 'solana',
  env: solanaConfig,
  open: (_, { config }) => ({
    solana: new SolanaNetworks(new Upstreams(config.solana.upstreams, config.solana.timeoutMs)),
  }),
  close: ({ solana }) => solana.close(),
})
