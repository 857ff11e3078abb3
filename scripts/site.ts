import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'
import { FRAME_HOST, hostOrigin, SITE_HOST } from './hosts'

const appRoot = (name: 'site' | 'frame') => fileURLToPath(new URL(`../apps/${name}`, import.meta.url))

export type SiteOptions = {
  port: number
  /** Where the production build goes (default apps/site/dist). */
  outDir?: string
  /** The cloud the site is built against: its RPC gateway, directory and configuration. */
  cloudUrl: string
  /** The chain's own JSON-RPC, which the site falls back to while the cloud is down. */
  chainRpcUrl: string
  /** The embedded wallet's frame (its own origin). */
  frameUrl: string
  /** The local Solana chain's JSON-RPC: the site adds its network (SITE_SOLANA=on). Unset: one EVM network. */
  solanaRpcUrl?: string
}

export type ServedApp = { url: string; close(): Promise<void> }

/** The browser's host name of each app (scripts/hosts.ts): two names of one site. */
const HOSTS = { site: SITE_HOST, frame: FRAME_HOST }

/**
 * Builds one of the static apps with these `VITE_*` values and serves the build on 127.0.0.1; its URL names the
 * app's host name.
 */
async function buildAndServe(
  name: 'site' | 'frame',
  { port, outDir, env }: { port: number; outDir?: string; env: Record<string, string> },
): Promise<ServedApp> {
  Object.assign(process.env, env)
  const root = appRoot(name)
  const dist = outDir ?? `${root}/dist`
  await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } })
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port, strictPort: true },
  })
  // Vite's close also cuts the browser's open keep-alive sockets, which http.Server.close() would wait for.
  return { url: `${hostOrigin(HOSTS[name], port)}/`, close: () => server.close() }
}

/** Builds the site for this cloud, chain and frame and serves the build (site.allaccess.localhost); returns its URL and stop. */
export function startSite(options: SiteOptions): Promise<ServedApp> {
  return buildAndServe('site', {
    port: options.port,
    ...(options.outDir ? { outDir: options.outDir } : {}),
    env: {
      VITE_CLOUD_URL: options.cloudUrl,
      VITE_RPC_URL: options.chainRpcUrl,
      VITE_FRAME_URL: options.frameUrl,
      // Set either way: the variables stay in this process's environment for the next build.
      VITE_SOLANA: options.solanaRpcUrl ? 'on' : '',
      VITE_SOLANA_RPC_URL: options.solanaRpcUrl ?? '',
    },
  })
}

/** Builds the embedded wallet's frame for this cloud and serves it on its own origin (wallet.allaccess.localhost:port). */
export function startFrame(options: { port: number; cloudUrl: string; outDir?: string }): Promise<ServedApp> {
  return buildAndServe('frame', {
    port: options.port,
    ...(options.outDir ? { outDir: options.outDir } : {}),
    env: { VITE_CLOUD_URL: options.cloudUrl },
  })
}
