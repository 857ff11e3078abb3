import { Upstreams } from '../gateway/upstream.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { bundlerConfig } from './config.js'
import { bundlerRoutes } from './routes.js'

/** The ERC-4337 bundler proxy (`/v1/bundler`) over each chain's bundler. */
export const bundlerService = defineService({
  name: 'bundler',
  env: bundlerConfig,
  open: (_, { config }) => ({ bundlers: new Upstreams(config.bundler.upstreams, config.bundler.timeoutMs) }),
  routes: async (app, { projects, bundlers }: { projects: ProjectStore; bundlers: Upstreams }) => {
    await app.register(bundlerRoutes, { projects, bundlers })
  },
  close: ({ bundlers }) => bundlers.close(),
})
