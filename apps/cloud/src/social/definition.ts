import { defineConfig } from '../config/section.js'
import type { Database } from '../db/index.js'
import type { EmbeddedService } from '../embedded/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { parseSocialConfig } from './config.js'
import { RESULT_WAIT_MAX_MS } from './limits.js'
import { socialRoutes } from './routes.js'
import { SocialService } from './service.js'

/** Social login's providers (README, Social login): only those configured are offered. */
export const socialConfig = defineConfig({
  env: {},
  variables: parseSocialConfig,
  read: (_, { parsed }) => ({ social: parsed }),
})

/** Social login: the providers of `config.social`, signing in through `embedded`. */
export const socialService = defineService({
  name: 'social',
  env: socialConfig,
  open: ({ database, embedded }: { database: Database; embedded: EmbeddedService }, { config, log }) => ({
    social: new SocialService(
      database.db,
      config.social,
      embedded,
      config.publicUrl,
      log,
      RESULT_WAIT_MAX_MS,
    ),
  }),
  routes: async (
    app,
    {
      projects,
      social,
      embedded,
    }: { projects: ProjectStore; social: SocialService; embedded: EmbeddedService },
  ) => {
    await app.register(socialRoutes, { projects, social, embedded })
  },
  close: ({ social }) => social.close(),
})
