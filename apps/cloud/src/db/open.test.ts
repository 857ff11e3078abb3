import { readFileSync } from 'node:fs'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './open'

/** drizzle-kit's list of the migrations, one entry each. */
const MIGRATIONS: unknown[] = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
).entries

describe('in-memory databases (copies of one empty migrated database)', () => {
  const opened: Database[] = []
  afterAll(() => Promise.all(opened.map((database) => database.close())))
  /** A fresh in-memory database, as a function from a query to its rows. */
  const open = async () => {
    const database = await openDatabase({ dataDir: 'memory://' })
    opened.push(database)
    return async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows
  }

  // The first open of a process makes the copy (initdb and every migration): as long as a hook may take.
  it('start with every migration applied, and what one writes the next never sees', async () => {
    const first = await open()
    expect(await first(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual([
      { n: MIGRATIONS.length },
    ])
    await first(sql`insert into meta (key, value) values ('written', 'by the first')`)

    const second = await open()
    expect(await second(sql`select key from meta where key = 'written'`)).toEqual([])
    expect(await first(sql`select value from meta where key = 'written'`)).toEqual([
      { value: 'by the first' },
    ])
  }, 60_000)
})
