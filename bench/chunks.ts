/**
 * Every JavaScript chunk of the site's production build (`apps/site/dist`), with its raw and gzip size, whether
 * the page loads it before the modal opens (the set `.size-limit.cjs` checks against 90 KiB) or later, and the
 * total of all of them beside the budget for everything the page can ever load. Run after the build:
 * `npx tsx bench/chunks.ts` (`npm run size` does both).
 */

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import budgets from '../budgets.json' with { type: 'json' }

/** Everything the page can ever load (entry, modal, minting, WalletConnect, …), gzip (budgets.json). */
const ALL_CHUNKS_BUDGET_KIB = budgets.allChunksKiB

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

/**
 * The modal's features built after the budget was set (issue 10 measured connect, WalletConnect and the mint page at
 * 296 KiB): each is reached from the page only through its own lazy chunks, under these folders.
 */
const LATER_FEATURES = [
  'account',
  'swaps',
  'onramp',
  'email',
  'social',
  'farcaster',
  'siwx',
  'names',
] as const
const featureOf = (key: string) =>
  LATER_FEATURES.find((feature) => new RegExp(`packages/modal/src/(ui/)?features/${feature}/`).test(key))

/** The chunks reachable from `roots` through static and dynamic imports, never entering a key `stop` names. */
function reachable(manifest: Manifest, roots: string[], stop: (key: string) => boolean): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || stop(key)) return
    seen.add(key)
    for (const next of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])])
      visit(next)
  }
  roots.forEach(visit)
  return seen
}

/**
 * What each later feature adds to the page's total: the chunks only its own lazy chunks reach (chunks two of them
 * share are one line), beside the connect-and-mint set the 250 KiB budget was set for.
 */
function reportByFeature(chunks: ChunkSize[], directory = dist): void {
  const manifest: Manifest = JSON.parse(readFileSync(join(directory, '.vite/manifest.json'), 'utf8'))
  const keys = Object.keys(manifest)
  const entries = keys.filter((key) => manifest[key]?.isEntry)
  const base = reachable(manifest, entries, (key) => featureOf(key) !== undefined)
  const gzipOf = new Map(chunks.map((chunk) => [chunk.file, chunk.gzip]))
  const total = (set: Iterable<string>) =>
    [...new Set([...set].map((key) => manifest[key]?.file ?? key))].reduce(
      (sum, file) => sum + (gzipOf.get(file) ?? 0),
      0,
    )
  const owners = new Map<string, Set<string>>()
  for (const feature of LATER_FEATURES) {
    const roots = keys.filter((key) => featureOf(key) === feature)
    for (const key of reachable(manifest, roots, (candidate) => base.has(candidate)))
      owners.set(key, new Set([...(owners.get(key) ?? []), feature]))
  }
  console.log('\nBy feature (gzip KiB)\n')
  const baseKib = total(base) / 1024
  console.log(
    `${'connect, WalletConnect, mint page'.padEnd(36)}${baseKib.toFixed(1).padStart(7)}  (budget ${ALL_CHUNKS_BUDGET_KIB}: ${baseKib <= ALL_CHUNKS_BUDGET_KIB ? 'within' : 'OVER'})`,
  )
  const groups = new Map<string, string[]>()
  for (const [key, features] of owners) {
    const name = [...features].sort().join(' + ')
    groups.set(name, [...(groups.get(name) ?? []), key])
  }
  for (const [name, members] of [...groups].sort((a, b) => total(b[1]) - total(a[1])))
    console.log(`${name.padEnd(36)}${(total(members) / 1024).toFixed(1).padStart(7)}`)
}

const measured = measureChunks()
report(measured)
reportByFeature(measured)
