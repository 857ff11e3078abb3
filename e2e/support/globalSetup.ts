import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deployAll, startAnvil } from '@allaccess/chain'
import { startCloud } from '@allaccess/cloud'
import { build, preview } from 'vite'
import { E2E_ANVIL_PORT, E2E_CLOUD_PORT, E2E_CLOUD_URL, E2E_SITE_PORT } from './ports'

const siteRoot = fileURLToPath(new URL('../../apps/site', import.meta.url))

/**
 * The real stack for every browser test: anvil with the contracts, the cloud on a scratch database (the site
 * reads the chain through its RPC gateway), and the site's production build.
 */
export default async function globalSetup() {
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop()
  }
  try {
    const anvil = await startAnvil({ port: E2E_ANVIL_PORT })
    stops.push(anvil.stop)
    await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })

    const dataDir = await mkdtemp(join(tmpdir(), 'aap-e2e-cloud-'))
    stops.push(() => rm(dataDir, { recursive: true, force: true }))
    const cloud = await startCloud({
      port: E2E_CLOUD_PORT,
      dataDir,
      env: {
        RPC_UPSTREAM_31337: anvil.rpcUrl,
        LOG_LEVEL: 'warn',
        CLOUD_RATE_LIMIT_MAX: '100000',
        // All Wallets is tested at the scale it must handle: the catalogue plus 1,000 generated wallets.
        CLOUD_WALLET_FIXTURE: '1000',
      },
    })
    stops.push(cloud.close)

    process.env.VITE_CLOUD_URL = E2E_CLOUD_URL
    // Overridable so several runs (e.g. parallel sessions) don't share one build.
    const outDir = process.env.E2E_SITE_DIST ?? `${siteRoot}/dist-e2e`
    await build({ root: siteRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    const server = await preview({
      root: siteRoot,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: E2E_SITE_PORT, strictPort: true },
    })
    stops.push(() => new Promise<void>((resolve) => server.httpServer.close(() => resolve())))
    return stopAll
  } catch (error) {
    await stopAll()
    throw error
  }
}
