/**
 * Indexer and account-route benchmark (loopback only, bounded in time):
 * 1. catch-up: anvil with BENCH_TRANSFERS seeded transfers (half ERC-20, half native, TRANSFERS_PER_BLOCK a
 *    block) and then EMPTY_BLOCKS empty blocks; a fresh cloud indexes them from block 0: blocks and transfers
 *    per second, until every block is stored and every token's metadata read.
 * 2. load: `/v1/account/{address}/balance` (live reads from anvil) and `/history` (first page) over those
 *    accounts, from a cloud process of its own.
 * Run: `npm run bench:indexer -w @allaccess/cloud` (BENCH_SECONDS per scenario, default 10), on PGlite;
 * BENCH_PORT and BENCH_ANVIL_PORT pin the ports (by default a free one and 28590).
 * Targets: /balance and /history ≥ 3,000 req/s with p99 ≤ 11 ms (what the directory does).
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deployAll, devAccounts, startAnvil } from '@allaccess/chain'
import { newKek, startCloud } from '@allaccess/cloud'
import { freePort } from '@allaccess/testkit/free-port'
import autocannon from 'autocannon'
import { encodeFunctionData, erc20Abi, numberToHex } from 'viem'
import { startCloudProcess } from './cloudProcess'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 10_000)
const TRANSFERS_PER_BLOCK = 50
const EMPTY_BLOCKS = 10_000
/** The benchmark's own anvil port (28500–28599 is the indexer's range). */
const ANVIL_PORT = Number(process.env.BENCH_ANVIL_PORT ?? 28590)
const CLIENT = 'projectId=allaccess-local&st=bench&sv=1'
const CHAIN = 31337

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number }

async function rpc(url: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  })
  const answers = (await response.json()) as { id: number; result?: unknown; error?: { message: string } }[]
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (answer.error) throw new Error(answer.error.message)
      return answer.result
    })
}

/** Recipients of the seeded transfers: fresh addresses, so each has a history of its own. */
const recipient = (i: number) => `0x${(0xbe000000 + (i % 200)).toString(16).padStart(40, '0')}`

/** Sends TRANSFERS transfers from dev accounts #1–#9 (unlocked on anvil), TRANSFERS_PER_BLOCK to a block. */
async function seed(url: string, testUsd: string): Promise<number> {
  const senders = devAccounts.slice(1, 10).map((account) => account.address)
  // Nonces are ours to count: with automine off, anvil would give pending transactions the same one.
  const nonces = (
    await rpc(
      url,
      senders.map((from) => ({ method: 'eth_getTransactionCount', params: [from, 'latest'] })),
    )
  ).map((nonce) => Number(nonce))
  await rpc(url, [{ method: 'evm_setAutomine', params: [false] }])
  for (let sent = 0; sent < TRANSFERS; sent += TRANSFERS_PER_BLOCK) {
    const calls = Array.from({ length: Math.min(TRANSFERS_PER_BLOCK, TRANSFERS - sent) }, (_, k) => {
      const i = sent + k
      const from = senders[i % senders.length]
      const nonce = numberToHex((nonces[i % senders.length] as number) + Math.floor(i / senders.length))
      const to = recipient(i)
      return {
        method: 'eth_sendTransaction',
        params: [
          i % 2 === 0
            ? { from, nonce, to, value: numberToHex(1000n + BigInt(i)) }
            : {
                from,
                nonce,
                to: testUsd,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'transfer',
                  args: [to as `0x${string}`, 1n],
                }),
              },
        ],
      }
    })
    await rpc(url, calls)
    await rpc(url, [{ method: 'evm_mine', params: [] }])
  }
  await rpc(url, [{ method: 'evm_setAutomine', params: [true] }])
  return Number((await rpc(url, [{ method: 'eth_blockNumber', params: [] }]))[0])
}

async function load(scenario: string, url: string, paths: string[]): Promise<Row> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }))
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests })
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** Indexes the chain from block 0 in a fresh cloud; answers the seconds it took (the cloud's start aside). */
async function catchUp(env: Record<string, string>, dataDir: string): Promise<number> {
  const cloud = await startCloud({
    port: Number(process.env.BENCH_PORT ?? 0),
    dataDir,
    env: { EMBEDDED_KEK: newKek(), ...env, INDEXER: '0' },
  })
  try {
    const started = performance.now()
    cloud.services.indexer.start()
    await cloud.services.indexer.synced(CHAIN, 30 * 60_000)
    return (performance.now() - started) / 1000
  } finally {
    await cloud.close()
  }
}

async function main(): Promise<void> {
  const anvil = await startAnvil({ port: ANVIL_PORT })
  const dirs: string[] = []
  const freshDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'indexer-bench-'))
    dirs.push(dir)
    return dir
  }
  let cloud: { url: string; child: ChildProcess } | undefined
  try {
    const { addresses } = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
    const seededHead = await seed(anvil.rpcUrl, addresses.testUsd)
    const env = {
      LOG_LEVEL: 'warn',
      RPC_UPSTREAM_31337: anvil.rpcUrl,
      DATABASE_URL: '',
      INDEXER_POLL_MS: '20',
    }
    const transfersSeconds = await catchUp(env, await freshDir())
    await rpc(anvil.rpcUrl, [{ method: 'anvil_mine', params: [numberToHex(EMPTY_BLOCKS)] }])
    const dataDir = await freshDir()
    const allSeconds = await catchUp(env, dataDir)
    const head = seededHead + EMPTY_BLOCKS

    // The load runs against a cloud as deployed: its indexer polls at the default pace.
    cloud = await startCloudProcess({
      ...env,
      INDEXER_POLL_MS: '',
      CLOUD_PORT: process.env.BENCH_PORT ?? String(await freePort()),
      CLOUD_DATA_DIR: dataDir,
      CLOUD_RATE_LIMIT_MAX: '10000000',
    })
    const accounts = [
      ...devAccounts.slice(1, 10).map((a) => a.address),
      ...Array.from({ length: 20 }, (_, i) => recipient(i)),
    ]
    const balance = (force: string) =>
      accounts.map((a) => `/v1/account/${a}/balance?${CLIENT}&currency=usd&chainId=eip155:${CHAIN}${force}`)
    const rows: Row[] = [
      await load('/balance (answer reused ≤ 2 s per block)', cloud.url, balance('')),
      await load('/balance forceUpdate (live reads)', cloud.url, balance('&forceUpdate=true')),
      await load(
        '/history (first page of 20)',
        cloud.url,
        accounts.map((a) => `/v1/account/${a}/history?${CLIENT}&chainId=eip155:${CHAIN}`),
      ),
    ]
    const catchUpRows = [
      {
        run: `${TRANSFERS} transfers in ${seededHead} blocks`,
        seconds: Number(transfersSeconds.toFixed(2)),
        blocksPerSecond: Math.round(seededHead / transfersSeconds),
        transfersPerSecond: Math.round(TRANSFERS / transfersSeconds),
      },
      {
        run: `the same + ${EMPTY_BLOCKS} empty blocks (${head} blocks)`,
        seconds: Number(allSeconds.toFixed(2)),
        blocksPerSecond: Math.round(head / allSeconds),
        transfersPerSecond: Math.round(TRANSFERS / allSeconds),
      },
    ]
    console.log('\ncatch-up from block 0, PGlite')
    console.table(catchUpRows)
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per scenario, 127.0.0.1`)
    console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })))
    console.log(JSON.stringify({ catchUp: catchUpRows, rows }, null, 2))
  } finally {
    if (cloud) {
      const exited = new Promise((resolve) => cloud?.child.once('exit', resolve))
      cloud.child.kill('SIGTERM')
      await exited
    }
    await anvil.stop()
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  }
}

await main()
