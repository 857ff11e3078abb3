import { closeOnSignals } from './close-on-signals.js'
import { ConfigError } from './config/index.js'
import { createOwnerOnlyFiles, DatabaseBusyError } from './db/index.js'
import { loadRepoEnv } from './dotenv.js'
import { PortInUseError, startCloud } from './index.js'

/** CLI entry: `tsx apps/cloud/src/main.ts`. Configuration comes from the environment and the repository's `.env` (see README). */
loadRepoEnv()
createOwnerOnlyFiles()
try {
  const cloud = await startCloud()
  console.log(`cloud listening on ${cloud.url} (OpenAPI at ${cloud.url}/docs)`)
  const { mailbox, config } = cloud.services
  if (!config.embedded.kek && config.embedded.devKekFile)
    console.log(
      `development mode: the key-encryption key is ${config.embedded.devKekFile} (EMBEDDED_DEV_KEK_FILE); set EMBEDDED_KEK in production`,
    )
  if (mailbox) console.log(`development mailbox: ${cloud.mailboxUrl} (SMTP at ${mailbox.smtpUrl})`)
  // Never the token itself: where it is (the CLI reads it there).
  console.log(`admin token: ${cloud.adminTokenSource} (apps/cloud/README.md#admin-cli)`)
  closeOnSignals(cloud.close)
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseBusyError || error instanceof PortInUseError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
