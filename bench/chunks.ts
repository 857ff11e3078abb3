/**
 * Every JavaScript chunk of the site's production build (`apps/site/dist`), with its raw and gzip size, whether
 * the page loads it before the modal opens (the set `.size-limit.cjs` checks against 90 KiB) or later, and the
 * total of all of them beside the budget for everything the page can ever load. Run after the build:
 * `npx tsx bench/chunks.ts` (`npm run size` does both).
 */

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Everything the page can ever load (entry, modal, minting, WalletConnect, …), gzip. */
const ALL_CHUNKS_BUDGET_KIB = 250

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
type Manifest = Record<string, ManifestChunk>
type ChunkSize = { file: string; raw: number; gzip: number; firstLoad: boolean }

const dist = join(import.meta.dirname, '../apps/site/dist')

/** Files of the entry chunk, its static imports and the prefetched modal chunk (as `.size-limit.cjs`). */
function firstLoadFiles(manifest: Manifest): Set<string> {
  const keys = Object.keys(manifest)
  const roots = keys.filter((key) => manifest[key]?.isEntry || key.endsWith('ui/shell/mountModal.tsx'))
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  roots.forEach(visit)
  return new Set([...seen].map((key) => manifest[key]?.file ?? key))
}

function measureChunks(directory = dist): ChunkSize[] {
  const manifest: Manifest = JSON.parse(readFileSync(join(directory, '.vite/manifest.json'), 'utf8'))
  const firstLoad = firstLoadFiles(manifest)
  return readdirSync(join(directory, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const file = `assets/${name}`
      const bytes = readFileSync(join(directory, file))
      return {
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        firstLoad: firstLoad.has(file),
      }
    })
    .sort((a, b) => b.gzip - a.gzip)
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)

function report(chunks: ChunkSize[]): void {
  const rows = chunks.map((chunk) => [
    chunk.file.replace(/^assets\//, ''),
    kib(chunk.raw),
    kib(chunk.gzip),
    chunk.firstLoad ? 'first load' : 'later',
  ])
  const sum = (list: ChunkSize[], key: 'raw' | 'gzip') => list.reduce((total, chunk) => total + chunk[key], 0)
  const first = chunks.filter((chunk) => chunk.firstLoad)
  rows.push(
    ['first load', kib(sum(first, 'raw')), kib(sum(first, 'gzip')), ''],
    ['total', kib(sum(chunks, 'raw')), kib(sum(chunks, 'gzip')), `budget ${ALL_CHUNKS_BUDGET_KIB}`],
  )
  const header = ['chunk', 'raw KiB', 'gzip KiB', 'loaded']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (row: string[]) =>
    row.map((cell, column) =>
      column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
    )
  console.log(`\nEvery JavaScript chunk of apps/site/dist (gzip level 9)\n`)
  for (const row of [header, ...rows]) console.log(line(row).join('  '))
  const total = sum(chunks, 'gzip') / 1024
  const within = total <= ALL_CHUNKS_BUDGET_KIB
  console.log(
    `\nAll chunks: ${total.toFixed(1)} KiB gzip, ${within ? 'within' : 'OVER'} the ${ALL_CHUNKS_BUDGET_KIB} KiB budget`,
  )
}

report(measureChunks())
