import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import {
  type Manifest,
  PACKED_TARBALLS_VARIABLE,
  PUBLISHED,
  packAndKeep,
  packageFolder,
  packPackages,
  WORKSPACE,
} from './packPackages'

/**
 * `npm run check:packages` (a step of scripts/test.sh, after `npm run build:packages`): the packed tarballs,
 * installed into a project outside the repository, import in plain Node, entry by entry, with the exports the
 * sources have, and importing them reads no `window`, `document`, storage or `indexedDB` (what server rendering
 * needs). Offline: each tarball is unpacked where npm puts it, and the third-party packages they name are linked
 * from the workspace's node_modules, standing in for the registry.
 */

/** What a page has and Node has not: reading any of them while importing an entry is reported. */
export const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB'] as const

type Report = { exports: Record<string, string[]>; touched: { global: string; at: string }[] }

/** Unpacks the tarballs into `project`'s node_modules and links what they depend on. Returns their manifests. */
export function install(project: string, tarballs: string[]): Manifest[] {
  const manifests = tarballs.map((tarball) => {
    const [scope, name] = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ).name.split('/') as [string, string]
    const target = join(project, 'node_modules', scope, name)
    mkdirSync(target, { recursive: true })
    execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'])
    return JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as Manifest
  })
  const ours = new Set(manifests.map((manifest) => manifest.name))
  for (const manifest of manifests) {
    const folder = packageFolder(manifest.name.replace('@allaccess/', '') as (typeof PUBLISHED)[number])
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      const link = join(project, 'node_modules', dependency)
      if (ours.has(dependency) || existsSync(link)) continue
      const installed = [
        join(folder, 'node_modules', dependency),
        join(WORKSPACE, 'node_modules', dependency),
      ].find(existsSync)
      if (!installed)
        throw new Error(`${manifest.name}: ${dependency} is not in the workspace's node_modules`)
      mkdirSync(dirname(link), { recursive: true })
      symlinkSync(realpathSync(installed), link, 'dir')
    }
  }
  return manifests
}

/** Imports every published entry in a plain Node process started in `project`, watching the browser globals. */
export function importEntries(project: string, manifests: Manifest[]): Report {
  const specifiers = manifests.flatMap((manifest) =>
    Object.keys(manifest.exports).map((entry) => manifest.name + entry.slice(1)),
  )
  writeFileSync(
    join(project, 'import-entries.mjs'),
    `const touched = []
for (const global of ${JSON.stringify(BROWSER_GLOBALS)})
  Object.defineProperty(globalThis, global, {
    configurable: true,
    get() {
      touched.push({ global, at: new Error().stack.split('\\n').slice(2, 6).join('\\n') })
      return undefined
    },
  })
const exports = {}
for (const specifier of ${JSON.stringify(specifiers)}) exports[specifier] = Object.keys(await import(specifier)).sort()
process.stdout.write(JSON.stringify({ exports, touched }))
`,
  )
  return JSON.parse(
    execFileSync(process.execPath, ['import-entries.mjs'], { cwd: project, encoding: 'utf8' }),
  )
}

/** The export names of each published entry in the workspace, from the sources. */
async function sourceExports(manifests: Manifest[]): Promise<Record<string, string[]>> {
  const sources: Record<string, string[]> = {}
  for (const manifest of manifests)
    for (const entry of Object.keys(manifest.exports)) {
      const specifier = manifest.name + entry.slice(1)
      sources[specifier] = Object.keys(await import(specifier)).sort()
    }
  return sources
}

/** A bare specifier in an import, an export, a dynamic import or a type's `import('…')`. */
const IMPORTED = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([@a-z][\w.@/-]*)['"]/g

/**
 * The packages a shipped file imports without its package.json naming them, in every file, the lazy chunks and
 * the declarations included, which importing the entries does not reach.
 */
function undeclaredImports(project: string, manifest: Manifest): string[] {
  const folder = join(project, 'node_modules', manifest.name)
  const declared = new Set([
    manifest.name,
    ...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }),
  ])
  const found = new Set<string>()
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }))
    if (/\.(js|ts)$/.test(file))
      for (const [, specifier = ''] of readFileSync(join(folder, file), 'utf8').matchAll(IMPORTED)) {
        const name = specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/')
        if (!declared.has(name) && !name.startsWith('node:') && !builtinModules.includes(name))
          found.add(`${manifest.name}: ${file} imports ${name}, which its package.json does not name`)
      }
  return [...found]
}

/** publint's findings on each installed package, warnings counted as errors. */
async function lint(project: string, manifests: Manifest[]): Promise<string[]> {
  const findings = await Promise.all(
    manifests.map(async (manifest) => {
      const { messages, pkg } = await publint({
        pkgDir: join(project, 'node_modules', manifest.name),
        pack: false,
        strict: true,
      })
      return messages.map((message) => `${manifest.name}: ${formatMessage(message, pkg, { color: false })}`)
    }),
  )
  return findings.flat()
}

/** Installs `tarballs` into a fresh project outside the repository and checks every entry (see the top). */
export async function checkTarballs(tarballs: string[]): Promise<string[]> {
  const project = mkdtempSync(join(tmpdir(), 'allaccess-dapp-'))
  try {
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'dapp', private: true, type: 'module' }),
    )
    const manifests = install(project, tarballs)
    const report = importEntries(project, manifests)
    const expected = await sourceExports(manifests)
    const problems = [
      ...(await lint(project, manifests)),
      ...manifests.flatMap((manifest) => undeclaredImports(project, manifest)),
      ...Object.entries(expected)
        .filter(([specifier, names]) => report.exports[specifier]?.join() !== names.join())
        .map(([specifier]) => `${specifier}: the packed entry's exports differ from the sources'`),
      ...report.touched.map(({ global, at }) => `importing read \`${global}\`\n${at}`),
    ]
    if (problems.length > 0) throw new Error(problems.join('\n'))
    return Object.keys(report.exports)
  } finally {
    rmSync(project, { recursive: true, force: true })
  }
}

async function main() {
  const started = performance.now()
  // `npm test` keeps the tarballs for the browser tests' outside dapps (packPackages.ts); alone, they go.
  const kept = process.env[PACKED_TARBALLS_VARIABLE]
  const scratch = mkdtempSync(join(tmpdir(), 'allaccess-tarballs-'))
  try {
    const entries = await checkTarballs(kept ? packAndKeep(kept) : packPackages(scratch))
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `${PUBLISHED.length} tarballs installed outside the repository; ${entries.length} entries import in`,
    )
    console.log(
      `plain Node with the sources' exports and read no browser global (${seconds} s): ${entries.join(', ')}`,
    )
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) await main()
