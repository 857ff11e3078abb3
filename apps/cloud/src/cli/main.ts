import { z } from 'zod'
import { ConfigError, loadConfig } from '../config/index.js'
import { DatabaseBusyError, openDatabase } from '../db/index.js'
import { CatalogueError } from '../directory/catalogue/index.js'
import { ProjectExistsError, ProjectNotFoundError } from '../projects/index.js'
import { UsageError } from './errors.js'
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

/** Admin CLI entry (`npm run cloud -- …`): same configuration and database as the server. */
try {
  const config = loadConfig()
  const database = await openDatabase(config)
  try {
    await runCli(process.argv.slice(2), database.db, (text) => console.log(text))
  } finally {
    await database.close()
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
