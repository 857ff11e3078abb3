import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { install } from './checkPackages'
import { packedOrPack, WORKSPACE } from './packPackages'

/**
 * Dapps outside the repository, built from the packed tarballs (docs/packages.md#outside-dapps): each one's files
 * are a folder beside this script, copied into a temporary folder; the tarballs are installed there as in
 * checkPackages.ts (unpacked, the packages they name linked from the workspace). Needs `npm run build:packages`.
 *
 * - `react-router`: React Router's framework mode (server rendering) on React 19. The framework, React and the
 *   Vite it builds with come from the npm registry (`npm install` in that folder, never in the repository; the
 *   npm cache makes a second install quick).
 * - `vite`: a single-page app on Vite 8 with the modal's Vite plugins and React 18, everything linked from the
 *   workspace (no install).
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

type Kind = {
  template: string
  /** Installed from the npm registry before the tarballs. */
  dependencies?: Record<string, string>
  /** Linked from the workspace besides what the tarballs name. */
  links?: string[]
  build: string[]
  /** The server's command; it prints the address it listens on. */
  serve: string[]
  /** Built a second time with DAPP_BASELINE=1: the same page without the modal (the framework's own cost). */
  baseline?: boolean
}

const vite = (...args: string[]) => ['node_modules/vite/bin/vite.js', ...args]

const KINDS = {
  'react-router': {
    template: 'ssr-dapp',
    dependencies: SSR_DAPP_DEPENDENCIES,
    build: ['node_modules/@react-router/dev/bin.js', 'build'],
    serve: ['server.mjs'],
    baseline: true,
  },
  vite: {
    template: 'vite-dapp',
    links: ['@vitejs/plugin-react'],
    build: vite('build', '--logLevel', 'warn'),
    serve: vite('preview', '--host', '127.0.0.1', '--port', '0'),
  },
} satisfies Record<string, Kind>

export type OutsideDapp = {
  folder: string
  /** The seconds each step took. */
  times: Record<string, number>
  /** Starts the built dapp's server on a free port of 127.0.0.1 (its page without the modal: `baseline`). */
  serve(options?: { baseline?: boolean }): Promise<{ url: string; close(): void }>
  remove(): void
}

/** Makes and builds a dapp of `kind` for a chain at `rpcUrl`. */
export function buildOutsideDapp(kind: keyof typeof KINDS, { rpcUrl }: { rpcUrl: string }): OutsideDapp {
  const spec: Kind = KINDS[kind]
  const folder = mkdtempSync(join(tmpdir(), `allaccess-${kind}-dapp-`))
  const times: Record<string, number> = {}
  const timed = (step: string, work: () => void) => {
    const started = performance.now()
    work()
    times[step] = Math.round((performance.now() - started) / 100) / 10
  }
  const remove = () => rmSync(folder, { recursive: true, force: true })
  try {
    cpSync(fileURLToPath(new URL(`./${spec.template}`, import.meta.url)), folder, { recursive: true })
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: `${kind}-dapp`,
        private: true,
        type: 'module',
        dependencies: spec.dependencies ?? {},
      }),
    )
    if (spec.dependencies)
      // Peers are not installed for the framework (--legacy-peer-deps): the tarballs' own come linked next.
      timed('npm install', () =>
        execFileSync(
          'npm',
          [
            'install',
            '--no-audit',
            '--no-fund',
            '--legacy-peer-deps',
            '--prefer-offline',
            '--loglevel=error',
          ],
          { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] },
        ),
      )
    timed('pack and install the tarballs', () => {
      const tarballs = mkdtempSync(join(tmpdir(), 'allaccess-tarballs-'))
      try {
        install(folder, packedOrPack(tarballs))
      } finally {
        rmSync(tarballs, { recursive: true, force: true })
      }
      for (const name of spec.links ?? []) {
        const link = join(folder, 'node_modules', name)
        mkdirSync(dirname(link), { recursive: true })
        if (!existsSync(link)) symlinkSync(realpathSync(join(WORKSPACE, 'node_modules', name)), link, 'dir')
      }
    })
    const build = (step: string, env: Record<string, string> = {}) =>
      timed(step, () =>
        execFileSync(process.execPath, spec.build, {
          cwd: folder,
          env: { ...process.env, VITE_RPC_URL: rpcUrl, ...env },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      )
    build('build')
    if (spec.baseline) build('build the page without the modal', { DAPP_BASELINE: '1' })
  } catch (error) {
    remove()
    throw error
  }
  return {
    folder,
    times,
    serve: ({ baseline = false } = {}) => serve(folder, spec.serve, baseline ? { DAPP_BASELINE: '1' } : {}),
    remove,
  }
}

function serve(
  folder: string,
  command: string[],
  env: Record<string, string>,
): Promise<{ url: string; close(): void }> {
  const server: ChildProcess = spawn(process.execPath, command, {
    cwd: folder,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the dapp's server exited (${code})`)))
    let printed = ''
    server.stdout?.on('data', (chunk: Buffer) => {
      // Vite colours its output; the address is what follows 127.0.0.1.
      printed += stripVTControlCharacters(chunk.toString())
      const port = /127\.0\.0\.1:(\d+)/.exec(printed)?.[1]
      if (port) resolve({ url: `http://127.0.0.1:${port}`, close: () => server.kill() })
    })
  })
}

// `npx tsx scripts/outsideDapps.ts react-router|vite <rpc url>`: builds that dapp and serves it until stopped.
if (process.argv[1] === import.meta.filename) {
  const kind = process.argv[2] === 'vite' ? 'vite' : 'react-router'
  const dapp = buildOutsideDapp(kind, { rpcUrl: process.argv[3] ?? 'http://127.0.0.1:8545' })
  console.log(dapp.times)
  const { url } = await dapp.serve()
  console.log(`the ${kind} dapp: ${url} (built in ${dapp.folder})`)
  process.once('SIGINT', () => {
    dapp.remove()
    process.exit(0)
  })
}
