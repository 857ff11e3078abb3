import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The packages a dapp team installs, in the order they depend on each other (docs/packages.md). */
export const PUBLISHED = ['protocol', 'frame-protocol', 'modal'] as const

export const WORKSPACE = fileURLToPath(new URL('..', import.meta.url))

export const packageFolder = (name: (typeof PUBLISHED)[number]) => join(WORKSPACE, 'packages', name)

type Exports = Record<string, string | Record<string, string>>
export type Manifest = {
  name: string
  version: string
  private?: boolean
  exports: Exports
  publishConfig?: { access?: string; exports?: Exports }
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  [field: string]: unknown
}

/**
 * The manifest a package is published with. In the workspace, `exports` name the TypeScript sources, so that the
 * repository's Vite, Vitest, tsc, tsx and Playwright read them without a build; `publishConfig.exports` names the
 * built files. npm applies only the registry settings of `publishConfig`, so this applies the rest as pnpm does,
 * and drops what is the workspace's alone: `private` (which keeps a bare `npm publish` of the sources from
 * happening), the scripts and the dev dependencies.
 */
export function publishedManifest(workspace: Manifest): Manifest {
  const {
    private: _private,
    publishConfig,
    scripts: _scripts,
    devDependencies: _dev,
    ...published
  } = workspace
  const { exports, ...npmSettings } = publishConfig ?? {}
  if (!exports) throw new Error(`${workspace.name}: publishConfig.exports names no built files`)
  return { ...published, exports, publishConfig: npmSettings }
}

/** Every file the published exports name, relative to the package folder. */
export const exportedFiles = (exports: Exports) =>
  Object.values(exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))

/**
 * Packs each published package into `destination` with npm (which picks the files as `files` says) and writes the
 * published manifest into the tarball. Returns the tarballs' paths, in `PUBLISHED` order. Needs the build
 * (`npm run build:packages`).
 */
export function packPackages(destination: string): string[] {
  return PUBLISHED.map((name) => {
    const folder = packageFolder(name)
    const manifest = publishedManifest(JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')))
    const missing = exportedFiles(manifest.exports).filter((file) => !existsSync(join(folder, file)))
    if (missing.length > 0)
      throw new Error(`${manifest.name}: ${missing.join(', ')} missing: run \`npm run build:packages\` first`)
    const work = mkdtempSync(join(tmpdir(), 'allaccess-pack-'))
    try {
      const [packed] = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
          cwd: folder,
          encoding: 'utf8',
        }),
      ) as [{ filename: string }]
      execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work])
      writeFileSync(join(work, 'package', 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
      const tarball = join(destination, packed.filename)
      execFileSync('tar', ['-czf', tarball, '-C', work, 'package'])
      return tarball
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
}

/**
 * Where `npm test` keeps the tarballs it packed once, after the build (checkPackages.ts packs into it when set); the
 * outside dapps of the browser tests install those instead of packing again (17 s a pack on two loaded cores).
 */
export const PACKED_TARBALLS_VARIABLE = 'ALLACCESS_PACKED_TARBALLS'
const PACKED_LIST = 'tarballs.json'

/** Packs into `destination` and lists the tarballs there, so that `packedOrPack` finds them later in the run. */
export function packAndKeep(destination: string): string[] {
  mkdirSync(destination, { recursive: true })
  const tarballs = packPackages(destination)
  writeFileSync(join(destination, PACKED_LIST), JSON.stringify(tarballs))
  return tarballs
}

/** The tarballs this run packed (`PACKED_TARBALLS_VARIABLE`), else a fresh pack into `scratch`. */
export function packedOrPack(scratch: string): string[] {
  const kept = process.env[PACKED_TARBALLS_VARIABLE]
  const list = kept ? join(kept, PACKED_LIST) : undefined
  if (!list || !existsSync(list)) return packPackages(scratch)
  const tarballs = JSON.parse(readFileSync(list, 'utf8')) as string[]
  if (tarballs.length !== PUBLISHED.length || !tarballs.every((tarball) => existsSync(tarball)))
    throw new Error(`${list} names tarballs that are gone: run \`npm run check:packages\` again`)
  return tarballs
}
