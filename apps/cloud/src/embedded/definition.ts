import type { Database } from '../db/index.js'
import type { Mailer } from '../mail/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { embeddedConfig } from './config.js'
import { embeddedRoutes } from './routes.js'
import { loadKek, Secrets } from './secrets.js'
import { EmbeddedService } from './service.js'
import * as tables from './tables.js'

/** The key-encryption key, first in the list: without it the cloud refuses to start, before it creates anything. */
export const embeddedKeyService = defineService({
  name: 'embedded-key',
  env: embeddedConfig,
  open: (_, { config, log }) => ({ secrets: new Secrets(loadKek(config.embedded, config, log)) }),
})

export const embeddedService = defineService({
  name: 'embedded',
  tables,
  env: embeddedConfig,
  open: (
    { database, secrets, mailer }: { database: Database; secrets: Secrets; mailer: Mailer },
    { config, log },
  ) => ({
    embedded: new EmbeddedService(database.db, secrets, mailer, config.publicUrl, config.embedded, log),
  }),
  routes: async (app, { projects, embedded }: { projects: ProjectStore; embedded: EmbeddedService }) => {
    await app.register(embeddedRoutes, { projects, embedded })
  },
  close: ({ embedded }) => embedded.close(),
})
