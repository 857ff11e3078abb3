import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { trackChild } from './children'
import {
  DEFAULT_ANVIL_HOST,
  DEFAULT_ANVIL_PORT,
  DEFAULT_CHAIN_ID,
  DEV_ACCOUNT_BALANCE_ETH,
  DEV_ACCOUNT_COUNT,
  DEV_MNEMONIC,
} from './devnet'

export { anvilChain, type DevAccount, devAccounts } from './devnet'

export interface StartAnvilOptions {
  /** Port to listen on; 0 picks a free one. Default 8545, or a free port when running under Vitest. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Default 31337. */
  chainId?: number
  /** Seconds between blocks (interval mining); default: a block per transaction. */
  blockTime?: number
  /** How long to wait for the node to answer eth_chainId, in ms. Default 15000. */
  timeoutMs?: number
  /** Receives every line anvil prints (by default the output is kept only for error messages). */
  onLog?: (line: string) => void
}

export interface AnvilInstance {
  rpcUrl: string
  port: number
  stop(): Promise<void>
}

/** Path of the anvil binary: $ANVIL_BIN, else the platform package installed with @foundry-rs/anvil. */
export function anvilBinaryPath(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  // The platform package is an optional dependency of @foundry-rs/anvil: resolve it from there.
  const require = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'))
  try {
    return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`)
  } catch {
    const fallback = join(dirname(require.resolve('@foundry-rs/anvil/package.json')), '..', 'dist', exe)
    if (existsSync(fallback)) return fallback
    throw new Error(`No anvil binary for ${process.platform}-${process.arch}; set ANVIL_BIN to one.`)
  }
}

/**
 * Starts an anvil node with the deterministic dev accounts (DEV_MNEMONIC, 10 accounts of 10000 ETH) and resolves
 * once it answers eth_chainId. `stop()` ends it and waits for the process to exit.
 */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const host = opts.host ?? DEFAULT_ANVIL_HOST
  const chainId = opts.chainId ?? DEFAULT_CHAIN_ID
  const requestedPort = opts.port ?? (process.env.VITEST ? 0 : DEFAULT_ANVIL_PORT)
  const timeoutMs = opts.timeoutMs ?? 15_000
  // Anvil 1.7 has no call gas cap or EVM time-out flag (`anvil --help`): the cloud's gateway bounds the
  // calls that reach it from outside (apps/cloud/src/gateway/heavy.ts).
  const args = [
    ['--host', host],
    ['--port', String(requestedPort)],
    ['--chain-id', String(chainId)],
    // EIP-7702 (the smart accounts' delegation) came with Prague.
    ['--hardfork', 'prague'],
    ['--mnemonic', DEV_MNEMONIC],
    ['--accounts', String(DEV_ACCOUNT_COUNT)],
    ['--balance', String(DEV_ACCOUNT_BALANCE_ETH)],
    opts.blockTime === undefined ? [] : ['--block-time', String(opts.blockTime)],
  ].flat()

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  trackChild(child)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))

  // Anvil prints "Listening on <host>:<port>" once bound; with --port 0 that is how we learn the port.
  const recent: string[] = []
  let onListening: (port: number) => void = () => {}
  const listening = new Promise<number>((done) => {
    onListening = done
  })
  const onLine = (line: string) => {
    recent.push(line)
    if (recent.length > 40) recent.shift()
    opts.onLog?.(line)
    const match = /Listening on .*:(\d+)\s*$/.exec(line)
    if (match) onListening(Number(match[1]))
  }
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      const lines = (buffered + chunk).split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) onLine(line)
    })
  }

  const stop = async () => {
    // pid is undefined when spawning failed: then there is no process to wait for.
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
  }

  const deadline = Date.now() + timeoutMs
  try {
    const port = await Promise.race([
      listening,
      exited.then(() =>
        Promise.reject(new Error(`it exited with code ${child.exitCode ?? child.signalCode}`)),
      ),
      new Promise<never>((_, reject) => child.once('error', reject)),
      sleep(timeoutMs).then(() => Promise.reject(new Error(`no "Listening on" line within ${timeoutMs} ms`))),
    ])
    const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
    const rpcUrl = `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`
    await waitForChainId(rpcUrl, chainId, deadline, () => child.exitCode !== null)
    return { rpcUrl, port, stop }
  } catch (err) {
    await stop()
    const reason = err instanceof Error ? err.message : String(err)
    throw new Error(`anvil did not start: ${reason}\n${recent.join('\n')}`.trimEnd())
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref())
}

async function waitForChainId(rpcUrl: string, chainId: number, deadline: number, exited: () => boolean) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
  for (;;) {
    if (exited()) throw new Error('it exited before answering eth_chainId')
    const answer = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
      .then((res) => res.json() as Promise<{ result?: string }>)
      .catch(() => undefined)
    if (answer?.result !== undefined) {
      if (Number(answer.result) === chainId) return
      throw new Error(`${rpcUrl} answered chain id ${Number(answer.result)}, expected ${chainId}`)
    }
    if (Date.now() > deadline) throw new Error(`${rpcUrl} did not answer eth_chainId in time`)
    await sleep(50)
  }
}
