import { z } from 'zod'
import { ConfigError } from '../config/index.js'
import { createOwnerOnlyFiles, DatabaseBusyError, openDatabase } from '../db/index.js'
import { CatalogueError } from '../directory/catalogue/index.js'
import { DirectoryStore } from '../directory/index.js'
import { loadRepoEnv } from '../dotenv.js'
import { SponsorshipStore } from '../paymaster/index.js'
import { ProjectExistsError, ProjectNotFoundError, ProjectStore } from '../projects/index.js'
import { loadConfig } from '../services.js'
import { UsageError } from './errors.js'
import { runIndexerAlone } from './indexer.js'
import { findRunningCloud, remoteProjects, remoteSponsorship } from './remote.js'
import { runCli } from './run.js'

/** Failures that are the operator's to fix: print the reason, no stack. */
const EXPECTED = [
  UsageError,
  ConfigError,
  DatabaseBusyError,
  CatalogueError,
  ProjectExistsError,
  ProjectNotFoundError,
]

const print = (text: string) => console.log(text)
loadRepoEnv()
createOwnerOnlyFiles()

/**
 * Admin CLI entry (`npm run cloud -- …`): same configuration as the server. While a cloud holds the PGlite
 * folder, project commands go through its admin API; otherwise the CLI opens the database itself.
 */
try {
  const config = loadConfig()
  if (process.argv[2] === 'indexer') {
    await runIndexerAlone(config)
  } else {
    const running = await findRunningCloud(config)
    if (running) {
      const remote = {
        projects: remoteProjects(running),
        sponsorship: remoteSponsorship(running),
        directory: undefined,
      }
      await runCli(process.argv.slice(2), remote, print)
    } else {
      const database = await openDatabase(config)
      try {
        const backend = {
          projects: new ProjectStore(database.db, 0),
          sponsorship: new SponsorshipStore(database.db),
          directory: new DirectoryStore(database.db),
        }
        await runCli(process.argv.slice(2), backend, print)
      } finally {
        await database.close()
      }
    }
  }
} catch (error) {
  if (error instanceof z.ZodError) {
    console.error(`invalid project:\n${z.prettifyError(error)}`)
  } else if (EXPECTED.some((type) => error instanceof type)) {
    console.error((error as Error).message)
  } else {
    throw error
  }
  process.exitCode = 1
}
