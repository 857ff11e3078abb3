import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { deployAll, startAnvil } from '@allaccess/chain'
import { startCloud } from '@allaccess/cloud'
import { build, preview } from 'vite'

/**
 * `npm start`: the whole product on this machine — anvil with the contracts, the cloud, and the site's
 * production build — then the URL to open. Ctrl-C stops everything it started.
 */
const siteRoot = fileURLToPath(new URL('../apps/site', import.meta.url))
const envFile = fileURLToPath(new URL('../.env', import.meta.url))
if (existsSync(envFile)) process.loadEnvFile(envFile)
const stops: (() => Promise<void>)[] = []

async function stopAll(code: number): Promise<never> {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error))
  process.exit(code)
}
process.once('SIGINT', () => void stopAll(0))
process.once('SIGTERM', () => void stopAll(0))

try {
  const anvil = await startAnvil({ port: Number(process.env.ANVIL_PORT ?? 8545) })
  stops.push(anvil.stop)
  const deployment = await deployAll({ rpcUrl: anvil.rpcUrl })
  console.log(
    `anvil    ${anvil.rpcUrl} (chain 31337), All-Access Pass at ${deployment.addresses.allAccessPass}`,
  )

  const cloud = await startCloud({
    env: { RPC_UPSTREAM_31337: anvil.rpcUrl, LOG_LEVEL: 'warn', ...process.env },
  })
  stops.push(cloud.close)
  console.log(`cloud    ${cloud.url} (OpenAPI at ${cloud.url}/docs)`)

  // The site talks to this cloud (its RPC gateway, later its config and directory).
  process.env.VITE_CLOUD_URL ??= cloud.url

  await build({ root: siteRoot, logLevel: 'warn' })
  const site = await preview({ root: siteRoot, logLevel: 'warn' })
  stops.push(() => new Promise<void>((resolve) => site.httpServer.close(() => resolve())))
  const url = site.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'
  console.log(`\n  All-Access Pass is running: ${url}\n  Press Ctrl-C to stop.\n`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
}
