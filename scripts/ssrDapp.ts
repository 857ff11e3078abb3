import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { install } from './checkPackages'
import { packPackages } from './packPackages'

/**
 * A dapp outside the repository on React Router's framework mode (server rendering) and React 19, built from
 * the packed tarballs (docs/packages.md#server-rendering): the project's files are scripts/ssr-dapp/, copied into
 * a temporary folder. The framework and React come from the npm registry (`npm install` in that folder, never in
 * the repository; the npm cache makes a second install quick); the packages the tarballs name are linked from
 * the workspace, as in checkPackages.ts. Needs `npm run build:packages`.
 */

/** The framework and the React it runs: React 19, while the repository's own apps run React 18. */
export const SSR_DAPP_DEPENDENCIES = {
  'react-router': '7.18.4',
  '@react-router/dev': '7.18.4',
  '@react-router/node': '7.18.4',
  react: '19.3.1',
  'react-dom': '19.3.1',
  // The framework's default server entry needs it; missing, `react-router build` runs an npm install of its own,
  // which would take the unpacked tarballs out of node_modules.
  isbot: '5.2.3',
  // Vite 8 (Rolldown) builds it in a third of Vite 7's time; the framework would otherwise bring Vite 7.
  vite: '8.3.8',
} as const

const TEMPLATE = fileURLToPath(new URL('./ssr-dapp', import.meta.url))

export type SsrDapp = {
  folder: string
  /** Starts the built dapp's server on a free port of 127.0.0.1. */
  serve(): Promise<{ url: string; close(): void }>
  remove(): void
}

/** Makes and builds the dapp for a chain at `rpcUrl`; the seconds each step took are in `times`. */
export function buildSsrDapp({ rpcUrl }: { rpcUrl: string }): SsrDapp & { times: Record<string, number> } {
  const folder = mkdtempSync(join(tmpdir(), 'allaccess-ssr-dapp-'))
  const times: Record<string, number> = {}
  const timed = (step: string, work: () => void) => {
    const started = performance.now()
    work()
    times[step] = Math.round((performance.now() - started) / 100) / 10
  }
  const remove = () => rmSync(folder, { recursive: true, force: true })
  try {
    cpSync(TEMPLATE, folder, { recursive: true })
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'ssr-dapp',
        private: true,
        type: 'module',
        dependencies: SSR_DAPP_DEPENDENCIES,
      }),
    )
    // The framework brings its own Vite (7); peers are not installed for it (--legacy-peer-deps): the tarballs'
    // own come linked next.
    timed('npm install', () =>
      execFileSync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--prefer-offline', '--loglevel=error'],
        { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] },
      ),
    )
    timed('pack and install the tarballs', () => {
      const tarballs = mkdtempSync(join(tmpdir(), 'allaccess-tarballs-'))
      try {
        install(folder, packPackages(tarballs))
      } finally {
        rmSync(tarballs, { recursive: true, force: true })
      }
    })
    timed('react-router build', () =>
      execFileSync(join(folder, 'node_modules', '.bin', 'react-router'), ['build'], {
        cwd: folder,
        env: { ...process.env, VITE_RPC_URL: rpcUrl },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    )
  } catch (error) {
    remove()
    throw error
  }
  return { folder, times, serve: () => serve(folder), remove }
}

function serve(folder: string): Promise<{ url: string; close(): void }> {
  const server: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the dapp's server exited (${code})`)))
    server.stdout?.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1]
      if (port) resolve({ url: `http://127.0.0.1:${port}`, close: () => server.kill() })
    })
  })
}

// `npx tsx scripts/ssrDapp.ts <rpc url>`: builds the dapp and serves it until stopped (Ctrl-C).
if (process.argv[1] === import.meta.filename) {
  const dapp = buildSsrDapp({ rpcUrl: process.argv[2] ?? 'http://127.0.0.1:8545' })
  console.log(dapp.times)
  const { url } = await dapp.serve()
  console.log(`the dapp: ${url} (built in ${dapp.folder})`)
  process.once('SIGINT', () => {
    dapp.remove()
    process.exit(0)
  })
}
