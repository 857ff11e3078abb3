import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_DOCS, ENTRIES, generateReference } from './apiReference'
import { type Manifest, PUBLISHED, packageFolder, WORKSPACE } from './packPackages'

describe('the API reference (docs/api)', { timeout: 120_000 }, () => {
  const pages = generateReference()

  it('has a page for every published entry, and no other', () => {
    const published = PUBLISHED.flatMap((name) => {
      const manifest = JSON.parse(readFileSync(join(packageFolder(name), 'package.json'), 'utf8')) as Manifest
      return Object.keys(manifest.publishConfig?.exports ?? {}).map((entry) => manifest.name + entry.slice(1))
    })
    expect(ENTRIES.map((entry) => entry.specifier).sort()).toEqual(published.sort())
    expect(
      readdirSync(API_DOCS)
        .filter((file) => file.endsWith('.md'))
        .sort(),
    ).toEqual(Object.keys(pages).sort())
  })

  it('is what the sources make now (run `npm run docs:api` after changing an export or its doc comment)', () => {
    for (const [file, text] of Object.entries(pages))
      expect(readFileSync(join(API_DOCS, file), 'utf8'), file).toBe(text)
  })

  it('lists every export of each entry', async () => {
    for (const entry of ENTRIES.filter((candidate) => candidate.source.endsWith('.ts'))) {
      const names = Object.keys(await import(join(WORKSPACE, entry.source)))
      for (const name of names)
        expect(pages[entry.page], `${entry.specifier}: ${name}`).toContain(`### \`${name}\``)
    }
  })
})
