import { fileURLToPath } from 'node:url'
import { type Deployment, deployAll, startAnvil } from '@allaccess/chain'
import { startCloud } from '@allaccess/cloud'
import { freePort } from '@allaccess/testkit'
import { build, preview } from 'vite'

const siteRoot = fileURLToPath(new URL('../apps/site', import.meta.url))

export type StackOptions = {
  /** 0 picks a free port. */
  anvilPort: number
  cloudPort: number
  sitePort: number
  /** Where the site's production build goes (default apps/site/dist). */
  siteDist?: string
  /** The cloud's data folder; `memory://` for a throw-away database. Default: the cloud's configuration. */
  cloudDataDir?: string
  /** Extra cloud configuration (see apps/cloud/README.md); process.env wins over it. */
  cloudEnv?: Record<string, string | undefined>
  /** Rewrite packages/chain's generated deployments module (only `npm start` does). */
  writeDeployments?: boolean
}

export type Stack = {
  rpcUrl: string
  cloudUrl: string
  siteUrl: string
  deployment: Deployment
  /**
   * Stops the cloud alone and starts it again on the same port and data folder (what its relay cached survives
   * only in a real folder, not `memory://`); anvil and the site keep running.
   */
  restartCloud(): Promise<void>
  stop(): Promise<void>
}

/**
 * The whole product on this machine: anvil with the contracts, the cloud (its RPC gateway in front of anvil) and
 * the site's production build pointed at that cloud. Used by `npm start`, the browser tests, the benchmark and the
 * screenshot script; `stop()` stops everything it started, in reverse order.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(error))
  }
  try {
    const anvil = await startAnvil({ port: options.anvilPort })
    stops.push(anvil.stop)
    const deployment = await deployAll({
      rpcUrl: anvil.rpcUrl,
      writeModule: options.writeDeployments ?? false,
    })

    const cloudOptions = {
      port: options.cloudPort || (await freePort()),
      ...(options.cloudDataDir ? { dataDir: options.cloudDataDir } : {}),
      env: { RPC_UPSTREAM_31337: anvil.rpcUrl, LOG_LEVEL: 'warn', ...options.cloudEnv, ...process.env },
    }
    let cloud = await startCloud(cloudOptions)
    stops.push(() => cloud.close())
    const restartCloud = async () => {
      await cloud.close()
      cloud = await startCloud(cloudOptions)
    }

    // The site is built against this cloud: its RPC gateway, directory and configuration.
    process.env.VITE_CLOUD_URL = cloud.url
    const outDir = options.siteDist ?? `${siteRoot}/dist`
    await build({ root: siteRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    const port = options.sitePort || (await freePort())
    const site = await preview({
      root: siteRoot,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true },
    })
    // Vite's close also cuts the browser's open keep-alive sockets, which http.Server.close() would wait for.
    stops.push(() => site.close())
    return {
      rpcUrl: anvil.rpcUrl,
      cloudUrl: cloud.url,
      siteUrl: `http://127.0.0.1:${port}/`,
      deployment,
      restartCloud,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
