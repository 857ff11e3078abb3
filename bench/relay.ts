/**
 * Relay benchmark (loopback only, bounded, stops by itself): `npx tsx bench/relay.ts`.
 * 1. pair + approve + personal_sign through the relay with the official 2.25 clients (median of RUNS);
 * 2. idle WebSocket clients the relay holds (each authenticated and subscribed to one topic), with the
 *    relay process's resident memory per client. Target ≥ 10,000 sockets.
 * The relay runs in its own process (in-memory PGlite), so its memory is measured alone.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '@allaccess/testkit/free-port'
import { CLOUD_PROJECT_ID, createSignClient } from '@allaccess/testkit/walletconnect'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000)
const BATCH = 250
const DEADLINE_MS = 180_000
const MAIN = fileURLToPath(new URL('../apps/cloud/src/main.ts', import.meta.url))
const ACCOUNT = '0x0000000000000000000000000000000000000001'

async function startRelayProcess(port: number): Promise<ChildProcess> {
  const env = {
    ...process.env,
    CLOUD_PORT: String(port),
    CLOUD_DATA_DIR: 'memory://',
    // The seeded local project: the relay refuses clients that name none.
    CLOUD_SEED: 'true',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    CLOUD_RATE_LIMIT_MAX: '10000000',
  }
  // node itself (not the tsx wrapper, which forks): its pid is the process whose memory is read.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('cloud did not start in 60 s')), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`cloud exited with ${code}`)))
  })
  return child
}

/** Resident memory of a process, from /proc (Linux). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

/** One pairing, approval and signature; returns the milliseconds from `connect()` to the signature. */
async function pairApproveSign(relayUrl: string): Promise<number> {
  const [dapp, wallet] = [
    await createSignClient(relayUrl, 'dapp'),
    await createSignClient(relayUrl, 'wallet'),
  ]
  try {
    wallet.on('session_proposal', ({ id }) => {
      wallet.approve({
        id,
        namespaces: {
          eip155: {
            accounts: [`eip155:1:${ACCOUNT}`],
            methods: ['personal_sign'],
            events: [],
            chains: ['eip155:1'],
          },
        },
      })
    })
    wallet.on('session_request', ({ topic, id }) => {
      wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x01' } })
    })
    const started = performance.now()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { methods: ['personal_sign'], chains: ['eip155:1'], events: [] } },
    })
    if (!uri) throw new Error('no pairing URI')
    await wallet.pair({ uri })
    const session = await approval()
    await dapp.request({
      topic: session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x00', ACCOUNT] },
    })
    return performance.now() - started
  } finally {
    await dapp.core.relayer.transportClose()
    await wallet.core.relayer.transportClose()
  }
}

/** Opens an authenticated socket and subscribes one topic; resolves once the relay answered. */
function idleClient(relayUrl: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${relayUrl}?auth=${token}&projectId=${CLOUD_PROJECT_ID}`)
    socket.once('error', reject)
    socket.once('open', () => {
      socket.send(
        JSON.stringify({
          id: 1,
          jsonrpc: '2.0',
          method: 'irn_subscribe',
          params: { topic: randomBytes(32).toString('hex') },
        }),
      )
    })
    socket.once('message', () => resolve(socket))
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const port = await freePort()
const relayUrl = `ws://127.0.0.1:${port}/relay`
const relay = await startRelayProcess(port)
const pid = relay.pid ?? 0
const sockets: WebSocket[] = []
try {
  await pairApproveSign(relayUrl) // warm-up
  const latencies: number[] = []
  for (let run = 0; run < RUNS; run++) latencies.push(await pairApproveSign(relayUrl))
  console.log(
    `pair + approve + sign: median ${median(latencies).toFixed(0)} ms over ${RUNS} runs ` +
      `(min ${Math.min(...latencies).toFixed(0)}, max ${Math.max(...latencies).toFixed(0)})`,
  )

  // One signed token for all: the relay still verifies each connection's signature.
  const token = await signJWT(randomBytes(32).toString('hex'), relayUrl, 3600, generateKeyPair())
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const before = await rssBytes(pid)
  const deadline = Date.now() + DEADLINE_MS
  const started = performance.now()
  let failed = 0
  while (sockets.length < SOCKETS && Date.now() < deadline && failed < 100) {
    const batch = Math.min(BATCH, SOCKETS - sockets.length)
    const opened = await Promise.allSettled(Array.from({ length: batch }, () => idleClient(relayUrl, token)))
    for (const result of opened) {
      if (result.status === 'fulfilled') sockets.push(result.value)
      else failed++
    }
  }
  const seconds = (performance.now() - started) / 1000
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const after = await rssBytes(pid)
  const alive = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length
  console.log(
    `idle clients: ${alive} open (target ${SOCKETS}, ${failed} failed) in ${seconds.toFixed(1)} s ` +
      `(${(sockets.length / seconds).toFixed(0)} connections/s); relay RSS ${(before / 2 ** 20).toFixed(0)} → ` +
      `${(after / 2 ** 20).toFixed(0)} MiB, ${((after - before) / Math.max(1, alive) / 1024).toFixed(1)} KiB per client`,
  )
} finally {
  for (const socket of sockets) socket.terminate()
  relay.kill('SIGTERM')
}
process.exit(0)
