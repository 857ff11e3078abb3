import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { freePort } from '@allaccess/testkit/free-port'
import { eq } from 'drizzle-orm'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/index.js'
import { indexerChains } from '../indexer/tables.js'
import { scratchPostgres } from '../test-support/cloud.js'

const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url))
const CLI = fileURLToPath(new URL('./main.ts', import.meta.url))
/** A port of this run's own (the suite runs on two databases at once). */
const ANVIL_PORT = await freePort()

let anvil: AnvilInstance
let dataDir: string
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined

beforeAll(async () => {
  anvil = await startAnvil({ port: ANVIL_PORT })
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  dataDir = await mkdtemp(join(tmpdir(), 'cloud-indexer-cli-'))
  if (process.env.DATABASE_URL) scratch = await scratchPostgres(process.env.DATABASE_URL)
})
afterAll(async () => {
  await anvil?.stop()
  await rm(dataDir, { recursive: true, force: true })
  await scratch?.drop()
})

describe('npm run cloud -- indexer', () => {
  it('indexes the chain alone, without HTTP, and stops cleanly on SIGINT', async () => {
    const child = spawn(TSX, [CLI, 'indexer'], {
      env: {
        ...process.env,
        DATABASE_URL: scratch?.url ?? '',
        CLOUD_DATA_DIR: dataDir,
        RPC_UPSTREAM_31337: anvil.rpcUrl,
        LOG_LEVEL: 'info',
        INDEXER_POLL_MS: '50',
      },
    })
    let out = ''
    const caughtUp = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no catch-up within 60 s:\n${out}`)), 60_000)
      child.stdout.on('data', (chunk) => {
        out += chunk
        if (out.includes('caught up with the head')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      await caughtUp
    } finally {
      child.kill('SIGINT')
    }
    expect(await exited).toBe(0)
    expect(out).toContain('indexer running alone')
    const head = Number(await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlockNumber())
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir })
    try {
      const [chain] = await database.db.select().from(indexerChains).where(eq(indexerChains.chainId, 31337))
      expect(chain?.nextBlock).toBe(head + 1)
    } finally {
      await database.close()
    }
  }, 120_000)
})
