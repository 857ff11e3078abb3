import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type RunningCloud, startCloud } from '../cloud.js'
import { newKek } from '../embedded/index.js'

export type TestCloud = RunningCloud & {
  get(path: string, init?: RequestInit): Promise<Response>
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>
}

/** Creates a throw-away database on the server of DATABASE_URL; returns its URL and the drop. */
export async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cloud_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/**
 * A cloud on a loopback port (free by default) over a fresh database: in-memory PGlite, or a scratch database on
 * the PostgreSQL server named by DATABASE_URL (`npm test` runs the suite there; scripts/test.sh). The indexer runs only when a
 * test asks (`INDEXER: '1'`): the others must not follow whatever node answers on the default upstream.
 * `port` when its URL must be known before it starts (an identity provider's redirect URI).
 */
export async function startTestCloud(
  env: Record<string, string> = {},
  { port = 0 }: { port?: number } = {},
): Promise<TestCloud> {
  const adminUrl = process.env.DATABASE_URL
  const scratch = adminUrl ? await scratchPostgres(adminUrl) : undefined
  let cloud: RunningCloud
  try {
    cloud = await startCloud({
      port,
      host: '127.0.0.1',
      dataDir: 'memory://',
      env: {
        LOG_LEVEL: 'silent',
        INDEXER: '0',
        // A scratch PostgreSQL database is stored data: the cloud wants a key for it.
        ...(scratch ? { EMBEDDED_KEK: newKek() } : {}),
        ...env,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
    })
  } catch (error) {
    await scratch?.drop()
    throw error
  }
  const { url } = cloud
  return {
    ...cloud,
    close: async () => {
      try {
        await cloud.close()
      } finally {
        await scratch?.drop()
      }
    },
    get: (path, init) => fetch(url + path, { ...init, signal: AbortSignal.timeout(10_000) }),
    post: (path, body, init) =>
      fetch(url + path, {
        method: 'POST',
        ...init,
        headers: { 'content-type': 'application/json', ...init?.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }),
  }
}

/** The error body every refusal carries. */
export const messageOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message

export const LOCAL_QUERY = 'projectId=allaccess-local&st=appkit&sv=html-wagmi-1.0.0'
