import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.js'
import { restrictToOwner } from './owner-only.js'
import { cachedTemplate } from './template-cache.js'

/** Queries are built from each service's tables (its tables.ts); no relational `db.query` schema is kept. */
export type Db = PgDatabase<PgQueryResultHKT>

export type Database = {
  db: Db
  engine: 'pglite' | 'postgres'
  close(): Promise<void>
}

export type DatabaseOptions = {
  /** node-postgres against this server when set. */
  databaseUrl?: string | undefined
  /** PGlite folder otherwise; `memory://` keeps nothing. */
  dataDir: string
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))
/** Any fixed number: serialises migrations of several cloud instances starting together. */
const MIGRATION_LOCK = 7_301_003

async function openPostgres(url: string): Promise<Database> {
  const lockClient = new pg.Client({ connectionString: url })
  await lockClient.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg(lockClient), { migrationsFolder })
  } finally {
    await lockClient.end()
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return { db: drizzlePg(pool), engine: 'postgres', close: () => pool.end() }
}

/**
 * An empty database with every migration applied, read once a process from the copy an earlier one kept
 * (template-cache.ts), else made: an in-memory database starts from a copy of it instead of running initdb and the
 * migrations again (each of the cloud suite's files opens at least one: 5–9 s an open on two loaded cores, 1–2 s
 * from the copy).
 */
let migratedTemplate: Promise<Blob> | undefined

function emptyMigratedDatabase(): Promise<Blob> {
  migratedTemplate ??= cachedTemplate(migrationsFolder, async () => {
    const client = await PGlite.create()
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder })
      return await client.dumpDataDir('none')
    } finally {
      await client.close()
    }
  })
  // A failed attempt is not kept: the next open tries again (and reports its own error).
  migratedTemplate.catch(() => {
    migratedTemplate = undefined
  })
  return migratedTemplate
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const release = inMemory ? () => {} : lockDataDir(dataDir)
  try {
    const client = inMemory
      ? await PGlite.create({ loadDataDir: await emptyMigratedDatabase() })
      : await PGlite.create(dataDir)
    if (!inMemory) restrictToOwner(dataDir)
    const db = drizzlePglite(client)
    await migratePglite(db, { migrationsFolder })
    return {
      db,
      engine: 'pglite',
      close: async () => {
        await client.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/** Opens the configured engine and applies pending drizzle-kit migrations. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}
