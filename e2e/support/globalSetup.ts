import { fileURLToPath } from 'node:url'
import { deployAll, startAnvil } from '@allaccess/chain'
import { build, preview } from 'vite'
import { E2E_ANVIL_PORT, E2E_RPC_URL, E2E_SITE_PORT } from './ports'

const siteRoot = fileURLToPath(new URL('../../apps/site', import.meta.url))

/** The real stack for every browser test: anvil with the contracts, and the site's production build. */
export default async function globalSetup() {
  const anvil = await startAnvil({ port: E2E_ANVIL_PORT })
  try {
    await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
    process.env.VITE_RPC_URL = E2E_RPC_URL
    const outDir = `${siteRoot}/dist-e2e`
    await build({ root: siteRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    const server = await preview({
      root: siteRoot,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: E2E_SITE_PORT, strictPort: true },
    })
    return async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
      await anvil.stop()
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
