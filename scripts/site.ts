import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'

const siteRoot = fileURLToPath(new URL('../apps/site', import.meta.url))

export type SiteOptions = {
  port: number
  /** Where the production build goes (default apps/site/dist). */
  outDir?: string
  /** The cloud the site is built against: its RPC gateway, directory and configuration. */
  cloudUrl: string
  /** The chain's own JSON-RPC, which the site falls back to while the cloud is down. */
  chainRpcUrl: string
}

/** Builds the site for this cloud and chain and serves the build on 127.0.0.1; returns its URL and stop. */
export async function startSite(options: SiteOptions): Promise<{ url: string; close(): Promise<void> }> {
  process.env.VITE_CLOUD_URL = options.cloudUrl
  process.env.VITE_RPC_URL = options.chainRpcUrl
  const outDir = options.outDir ?? `${siteRoot}/dist`
  await build({ root: siteRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const site = await preview({
    root: siteRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: options.port, strictPort: true },
  })
  // Vite's close also cuts the browser's open keep-alive sockets, which http.Server.close() would wait for.
  return { url: `http://127.0.0.1:${options.port}/`, close: () => site.close() }
}
