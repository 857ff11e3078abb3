import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startStack } from './stack'

/**
 * `npm start`: the whole product on this machine — anvil with the contracts, the cloud, and the site's
 * production build — then the URL to open. Ctrl-C stops everything it started.
 */
const envFile = fileURLToPath(new URL('../.env', import.meta.url))
if (existsSync(envFile)) process.loadEnvFile(envFile)

try {
  const stack = await startStack({
    anvilPort: Number(process.env.ANVIL_PORT ?? 8545),
    cloudPort: Number(process.env.CLOUD_PORT ?? 8787),
    sitePort: Number(process.env.SITE_PORT ?? 5173),
    writeDeployments: true,
  })
  const stop = () => void stack.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  console.log(
    `anvil    ${stack.rpcUrl} (chain 31337), All-Access Pass at ${stack.deployment.addresses.allAccessPass}`,
  )
  console.log(`cloud    ${stack.cloudUrl} (OpenAPI at ${stack.cloudUrl}/docs)`)
  console.log(`\n  All-Access Pass is running: ${stack.siteUrl}\n  Press Ctrl-C to stop.\n`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
