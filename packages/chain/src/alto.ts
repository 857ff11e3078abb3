import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ENTRY_POINT_08_ADDRESS } from './accountAbstraction'
import { trackChild } from './children'
import { DEFAULT_BUNDLER_PORT, DEVNET_BUNDLER_EXECUTOR, DEVNET_BUNDLER_UTILITY } from './devnet'

export interface StartAltoOptions {
  /** The node Alto bundles on (a devnet with the EntryPoint deployed: `deployAll`). */
  rpcUrl: string
  /** 0 picks a free one. Default DEFAULT_BUNDLER_PORT (4337), or a free one under Vitest. */
  port?: number
  /** How long to wait for Alto to answer eth_supportedEntryPoints, in ms. Default 60000. */
  timeoutMs?: number
  /** Receives every line Alto prints (by default the output is kept only for error messages). */
  onLog?: (line: string) => void
}

export interface AltoInstance {
  bundlerUrl: string
  port: number
  /** Settles with Alto's exit code when it exits (or is stopped). */
  exited: Promise<number | null>
  stop(): Promise<void>
}

/** Alto's command-line entry, beside its main module (the package exports no other path). */
function altoCli(): string {
  const main = createRequire(import.meta.url).resolve('@pimlico/alto')
  return join(dirname(main), 'cli', 'alto.js')
}

/**
 * The bundler's arguments for the devnet: EntryPoint v0.8 only, the dev keys of DEVNET_BUNDLER_EXECUTOR/UTILITY.
 * Anvil has no ERC-7562 tracer (debug_traceCall with a JS tracer), so safe mode is off: Alto simulates each
 * operation through the EntryPoint but does not trace its storage access. Bundles go out at once (automine).
 */
export function altoArgs(rpcUrl: string, port: number): string[] {
  return [
    ['--rpc-url', rpcUrl],
    ['--port', String(port)],
    ['--entrypoints', ENTRY_POINT_08_ADDRESS],
    ['--executor-private-keys', DEVNET_BUNDLER_EXECUTOR.privateKey],
    ['--utility-private-key', DEVNET_BUNDLER_UTILITY.privateKey],
    ['--safe-mode', 'false'],
    ['--block-time', '100'],
    ['--max-block-wait-count', '100'],
    ['--utility-wallet-monitor', 'false'],
    ['--refilling-wallets', 'false'],
    ['--log-level', 'warn'],
  ].flat()
}

/** Starts Alto against `rpcUrl` and resolves once it answers eth_supportedEntryPoints with EntryPoint v0.8. */
export async function startAlto(opts: StartAltoOptions): Promise<AltoInstance> {
  // Alto reports no port it picked itself: a free one is found first.
  const wanted = opts.port ?? (process.env.VITEST ? 0 : DEFAULT_BUNDLER_PORT)
  const port = wanted === 0 ? await freePort() : wanted
  const timeoutMs = opts.timeoutMs ?? 60_000
  const child = spawn(process.execPath, [altoCli(), ...altoArgs(opts.rpcUrl, port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  trackChild(child)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const recent: string[] = []
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        recent.push(line)
        if (recent.length > 40) recent.shift()
        opts.onLog?.(line)
      }
    })
  }
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
  }
  const bundlerUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`)
      const entryPoints = await supportedEntryPoints(bundlerUrl)
      if (entryPoints?.some((a) => a.toLowerCase() === ENTRY_POINT_08_ADDRESS.toLowerCase()))
        return { bundlerUrl, port, exited, stop }
      if (Date.now() > deadline)
        throw new Error(`no answer to eth_supportedEntryPoints within ${timeoutMs} ms`)
      await new Promise((done) => setTimeout(done, 100))
    }
  } catch (error) {
    await stop()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Alto did not start: ${reason}\n${recent.join('\n')}`.trimEnd())
  }
}

async function supportedEntryPoints(url: string): Promise<string[] | undefined> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] })
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    .then((res) => res.json() as Promise<{ result?: string[] }>)
    .then((answer) => answer.result)
    .catch(() => undefined)
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
