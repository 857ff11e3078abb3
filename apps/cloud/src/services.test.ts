import { readdirSync, readFileSync } from 'node:fs'
import { getTableName } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SERVICES } from './services.js'

const MIGRATIONS_META = new URL('../drizzle/meta/', import.meta.url)

/** The tables the last migration leaves, from drizzle-kit's snapshot of it (`public.<name>`). */
function migratedTables(): string[] {
  const last = readdirSync(MIGRATIONS_META)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort()
    .at(-1)
  const snapshot = JSON.parse(readFileSync(new URL(last ?? '', MIGRATIONS_META), 'utf8')) as {
    tables: Record<string, unknown>
  }
  return Object.keys(snapshot.tables).map((name) => name.replace(/^public\./, ''))
}

describe('the services’ tables', () => {
  it('every table of the migrations is owned by exactly one listed service', () => {
    const owned = SERVICES.flatMap((service) =>
      Object.values(service.tables ?? {}).map((table) => `${getTableName(table)} ${service.name}`),
    )
    const names = owned.map((entry) => entry.split(' ')[0])
    expect(new Set(names).size, owned.join('\n')).toBe(names.length)
    expect([...names].sort()).toEqual(migratedTables().sort())
  })
})
