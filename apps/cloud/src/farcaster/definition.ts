import type { EmbeddedService } from '../embedded/index.js'
import type { Upstreams } from '../gateway/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import type { SiwxChains } from '../siwx/index.js'
import { farcasterConfig } from './config.js'
import { farcasterEmbeddedRoutes } from './embedded-routes.js'
import { FARCASTER_RELAY_PREFIX, SIGN_IN_WAIT_MAX_MS } from './limits.js'
import { IdRegistry } from './registry.js'
import { farcasterRoutes } from './routes.js'
import { FarcasterService } from './service.js'
import { FarcasterSignIn } from './sign-in.js'

/** Sign In With Farcaster's relay, and the embedded wallet's Farcaster sign-in over its channels. */
export const farcasterService = defineService({
  name: 'farcaster',
  env: farcasterConfig,
  // The relay's clients (the Farcaster app) send no project.
  publicPrefixes: [FARCASTER_RELAY_PREFIX],
  open: (
    { upstreams, chains, embedded }: { upstreams: Upstreams; chains: SiwxChains; embedded: EmbeddedService },
    { config },
  ) => {
    const farcaster = new FarcasterService({
      relayKey: config.farcaster.relayKey,
      connectUrl: config.farcaster.connectUrl,
      registry: new IdRegistry(upstreams, config.farcaster.idRegistry),
      chains,
    })
    return { farcaster, farcasterSignIn: new FarcasterSignIn(farcaster, embedded, SIGN_IN_WAIT_MAX_MS) }
  },
  routes: async (
    app,
    {
      projects,
      farcaster,
      farcasterSignIn,
      embedded,
    }: {
      projects: ProjectStore
      farcaster: FarcasterService
      farcasterSignIn: FarcasterSignIn
      embedded: EmbeddedService
    },
  ) => {
    await app.register(farcasterRoutes, { farcaster })
    await app.register(farcasterEmbeddedRoutes, { projects, signIn: farcasterSignIn, embedded })
  },
})
