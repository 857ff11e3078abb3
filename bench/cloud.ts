/**
 * Cloud load benchmark (loopback only, bounded in time): `/getWallets` paging and searching over the
 * 1,000-wallet fixture, and the RPC gateway against calling anvil directly, in the same run.
 * Run: `npm run bench:cloud -w @allaccess/cloud` (BENCH_SECONDS per scenario, default 10; BENCH_PORT and
 * BENCH_ANVIL_PORT pin the ports, free ones by default).
 * Targets: /getWallets ≥ 2,000 req/s with p99 ≤ 20 ms; the gateway adds ≤ 1 ms at p50.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAnvil } from '@allaccess/chain'
import { freePort } from '@allaccess/testkit/free-port'
import autocannon from 'autocannon'
import { Agent, request } from 'undici'
import { startCloudProcess } from './cloudProcess'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** Sequential round trips per target for the precise p50 comparison. */
const PROBES = 3000
const CLIENT = 'projectId=allaccess-local&st=bench&sv=1'
const RPC_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number }

async function load(scenario: string, url: string, requests: autocannon.Request[]): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests })
  const errors = result.errors + result.timeouts + result.non2xx
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  }
}

/** Median of sequential round trips in ms (sub-millisecond precision, one connection kept alive). */
async function probeP50(url: string): Promise<number> {
  const agent = new Agent({ connections: 1 })
  const times: number[] = []
  try {
    for (let i = 0; i < PROBES; i++) {
      const started = process.hrtime.bigint()
      const answer = await request(url, {
        method: 'POST',
        body: RPC_BODY,
        headers: { 'content-type': 'application/json' },
        dispatcher: agent,
      })
      await answer.body.text()
      if (i >= 200) times.push(Number(process.hrtime.bigint() - started) / 1e6)
    }
  } finally {
    await agent.close()
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}

const get = (path: string): autocannon.Request => ({ method: 'GET', path })
const post = (path: string): autocannon.Request => ({
  method: 'POST',
  path,
  body: RPC_BODY,
  headers: { 'content-type': 'application/json' },
})

async function main(): Promise<void> {
  const anvil = await startAnvil({ port: Number(process.env.BENCH_ANVIL_PORT ?? 0) })
  const dataDir = await mkdtemp(join(tmpdir(), 'cloud-bench-'))
  let cloud: { url: string; child: ChildProcess } | undefined
  try {
    cloud = await startCloudProcess({
      CLOUD_PORT: process.env.BENCH_PORT ?? String(await freePort()),
      CLOUD_DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      CLOUD_WALLET_FIXTURE: '1000',
      CLOUD_RATE_LIMIT_MAX: '10000000',
      LOG_LEVEL: 'warn',
      RPC_UPSTREAM_31337: anvil.rpcUrl,
    })
    const pages = Array.from({ length: 25 }, (_, i) => get(`/getWallets?${CLIENT}&page=${i + 1}&entries=40`))
    const terms = ['fixture', 'wallet', 'meta', 'tr', 'zen', 'co', 'safe', 'x', 'ledger', 'rain']
    const searches = terms.map((term) => get(`/getWallets?${CLIENT}&search=${term}&entries=40`))
    const gatewayPath = `/v1/?chainId=eip155:31337&${CLIENT}`

    const rows: Row[] = []
    rows.push(await load('/getWallets page (40 of 1,0xx)', cloud.url, pages))
    rows.push(await load('/getWallets search', cloud.url, searches))
    rows.push(await load('gateway eth_blockNumber', cloud.url, [post(gatewayPath)]))
    rows.push(await load('anvil direct eth_blockNumber', anvil.rpcUrl, [post('/')]))
    const gatewayP50 = await probeP50(cloud.url + gatewayPath)
    const anvilP50 = await probeP50(anvil.rpcUrl)

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per scenario, 127.0.0.1`)
    console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })))
    const added = gatewayP50 - anvilP50
    console.log(
      `sequential p50 (${PROBES} round trips): gateway ${gatewayP50.toFixed(3)} ms, anvil ${anvilP50.toFixed(3)} ms, ` +
        `ratio ${(gatewayP50 / anvilP50).toFixed(2)}, added ${added.toFixed(3)} ms`,
    )
    const [page, search, gateway, direct] = rows
    const verdict = {
      getWalletsPage: (page?.rps ?? 0) >= 2000 && (page?.p99 ?? Infinity) <= 20,
      getWalletsSearch: (search?.rps ?? 0) >= 2000 && (search?.p99 ?? Infinity) <= 20,
      gatewayAddsAtMost1msP50: added <= 1,
      loadP50Ratio: gateway && direct ? gateway.p50 / Math.max(direct.p50, 1) : Number.NaN,
      errors: rows.reduce((sum, r) => sum + r.errors, 0),
    }
    console.log(JSON.stringify({ rows, gatewayP50, anvilP50, verdict }, null, 2))
  } finally {
    if (cloud) {
      const exited = new Promise((resolve) => cloud?.child.once('exit', resolve))
      cloud.child.kill('SIGTERM')
      await exited
    }
    await anvil.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
