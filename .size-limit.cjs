// The JavaScript a visitor loads before the modal opens: the entry chunk with everything it imports
// statically, plus the modal's views, which the page prefetches when the browser is idle.
// Read from Vite's manifest so new shared chunks are counted too.
const { readFileSync } = require('node:fs')
const { join } = require('node:path')
// The budgets, named once (budgets.json): the browser tests and bench/chunks.ts read the same file.
const { firstLoadKiB } = require('./budgets.json')

const dist = join(__dirname, 'apps/site/dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue
    seen.add(key)
    closure(manifest[key].imports ?? [], seen)
  }
  return seen
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
const prefetched = Object.keys(manifest).filter((key) => key.endsWith('ui/shell/mountModal.tsx'))
if (!entry || prefetched.length !== 1)
  throw new Error('size-limit: entry or modal chunk missing from the manifest')
const files = [...closure([entry, ...prefetched])].map((key) => join(dist, manifest[key].file))

module.exports = [
  {
    name: 'JavaScript loaded before the modal opens (gzip)',
    path: files,
    gzip: true,
    limit: `${firstLoadKiB} KiB`,
  },
]
