import type { AccountSource } from '../account/index.js'
import type { Database } from '../db/index.js'
import { LOCAL_PROJECT, type ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { directoryConfig } from './config.js'
import { WalletDirectory } from './directory.js'
import { directoryRoutes } from './routes.js'
import { loadWalletFixture, seedDirectory } from './seed.js'
import { DirectoryStore } from './store.js'
import * as tables from './tables.js'

/** The wallet directory, seeded as the configuration asks (the local project with it). */
export const directoryService = defineService({
  name: 'directory',
  tables,
  env: directoryConfig,
  open: async ({ database, projects }: { database: Database; projects: ProjectStore }, { config, log }) => {
    const directoryStore = new DirectoryStore(database.db)
    if (config.seed) {
      await projects.ensure(LOCAL_PROJECT)
      await seedDirectory(directoryStore)
    }
    const fixtureKey = `${config.walletFixture}:1`
    if (config.walletFixture > 0 && (await directoryStore.meta('seed:fixture')) !== fixtureKey) {
      await loadWalletFixture(directoryStore, config.walletFixture)
      await directoryStore.setMeta('seed:fixture', fixtureKey)
    }
    const directory = new WalletDirectory(directoryStore, log)
    await directory.reload()
    return { directoryStore, directory }
  },
  routes: async (
    app,
    {
      projects,
      directory,
      account,
    }: { projects: ProjectStore; directory: WalletDirectory; account: AccountSource },
    { config },
  ) => {
    await app.register(directoryRoutes, {
      projects,
      directory,
      publicUrl: config.publicUrl,
      tokenIcon: (id) => account.tokenIcon(id),
    })
  },
  close: ({ directory }) => directory.settled(),
})
