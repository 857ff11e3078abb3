import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the empty migrated database is kept between processes: the package's tool cache, never committed. */
export const TEMPLATE_CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/pglite-template', import.meta.url),
)

/** The PGlite release whose data-folder format a kept copy has (another release makes another copy). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest = join(dirname(dirname(entry)), 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** Every file of the migrations folder (its journal included), by path and content. */
function folderDigest(folder: string): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else hash.update(`${path.slice(folder.length)}\0`).update(readFileSync(path))
    }
  }
  walk(folder)
  return hash.digest('hex')
}

/**
 * The empty migrated database from a file kept by an earlier process, else made by `make` and kept. Each Vitest
 * worker, the browser tests' stack and `npm start` with `memory://` would otherwise run initdb and every migration
 * once each (5–50 s on two loaded cores, past a 60 s hook on a busy one). The name says what it was made from (the
 * migrations and PGlite's release), so a new migration makes a new copy; a copy is written whole (a rename) or not
 * at all, and one that can't be read or kept costs only its making.
 */
export async function cachedTemplate(
  migrationsFolder: string,
  make: () => Promise<Blob>,
  cacheDir = TEMPLATE_CACHE_DIR,
): Promise<Blob> {
  const key = createHash('sha256')
    .update(`${pgliteVersion()}\0${folderDigest(migrationsFolder)}`)
    .digest('hex')
    .slice(0, 32)
  const file = join(cacheDir, `${key}.tar`)
  try {
    return new Blob([readFileSync(file)])
  } catch {
    // Not kept yet (or unreadable): made below.
  }
  const made = await make()
  const partial = `${file}.${process.pid}.${Date.now()}`
  try {
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(partial, new Uint8Array(await made.arrayBuffer()))
    renameSync(partial, file)
  } catch {
    // Not kept (a read-only or odd cache folder): this process has its copy all the same.
    try {
      rmSync(partial, { force: true })
    } catch {}
  }
  return made
}
