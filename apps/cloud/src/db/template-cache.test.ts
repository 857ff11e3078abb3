import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cachedTemplate } from './template-cache'

describe('the empty migrated database kept between processes', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'template-cache-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  const migrations = join(scratch, 'drizzle')
  mkdirSync(join(migrations, 'meta'), { recursive: true })
  writeFileSync(join(migrations, '0000_first.sql'), 'create table a (id int);')
  writeFileSync(join(migrations, 'meta', '_journal.json'), '{"entries":[0]}')
  const cache = join(scratch, 'cache')
  const text = async (blob: Blob) => new TextDecoder().decode(await blob.arrayBuffer())

  it('is made once, then read from its file; a changed migration makes a new one; an unwritable cache only costs the making', async () => {
    let made = 0
    const make = async () => new Blob([`copy ${++made}`])

    expect(await text(await cachedTemplate(migrations, make, cache))).toBe('copy 1')
    expect(await text(await cachedTemplate(migrations, make, cache))).toBe('copy 1')
    expect(made).toBe(1)
    // Whole files only: no partial write is left beside the copy.
    expect(readdirSync(cache)).toHaveLength(1)

    writeFileSync(join(migrations, 'meta', '_journal.json'), '{"entries":[0,1]}')
    expect(await text(await cachedTemplate(migrations, make, cache))).toBe('copy 2')
    expect(readdirSync(cache)).toHaveLength(2)

    // A cache folder that is a file: nothing kept, the copy still made and returned.
    const blocked = join(scratch, 'blocked')
    writeFileSync(blocked, '')
    expect(await text(await cachedTemplate(migrations, make, blocked))).toBe('copy 3')
    expect(await text(await cachedTemplate(migrations, make, blocked))).toBe('copy 4')
  })
})
