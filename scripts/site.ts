import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'

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
}

export type ServedApp = { url: string; close(): Promise<void> }

/** Builds one of the static apps with these `VITE_*` values and serves the build on 127.0.0.1. */
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
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() }
}

/** Builds the site for this cloud, chain and frame and serves the build on 127.0.0.1; returns its URL and stop. */
export function startSite(options: SiteOptions): Promise<ServedApp> {
  return buildAndServe('site', {
    port: options.port,
    ...(options.outDir ? { outDir: options.outDir } : {}),
    env: {
      VITE_CLOUD_URL: options.cloudUrl,
      VITE_RPC_URL: options.chainRpcUrl,
      VITE_FRAME_URL: options.frameUrl,
    },
  })
}

/** Builds the embedded wallet's frame for this cloud and serves it on its own origin (127.0.0.1:port). */
export function startFrame(options: { port: number; cloudUrl: string; outDir?: string }): Promise<ServedApp> {
  return buildAndServe('frame', {
    port: options.port,
    ...(options.outDir ? { outDir: options.outDir } : {}),
    env: { VITE_CLOUD_URL: options.cloudUrl },
  })
}
