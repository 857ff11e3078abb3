import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { freePort } from '../../src/free-port'

export interface TestAnvil {
  rpcUrl: string
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 20_000
const STOP_TIMEOUT_MS = 5_000
const anvilBin = createRequire(import.meta.url).resolve('@foundry-rs/anvil/bin.mjs')

async function answersChainId(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    return response.ok
  } catch {
    return false
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

/** Kills the whole process group: the npm wrapper and the native anvil it starts. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  process.kill(-child.pid, 'SIGTERM')
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_TIMEOUT_MS))
  if ((await Promise.race([exited(child), timer])) === 'late') process.kill(-child.pid, 'SIGKILL')
}

/** A private anvil (chain 31337) on a free port of 127.0.0.1, ready to answer. */
export async function startTestAnvil(): Promise<TestAnvil> {
  const port = await freePort()
  const rpcUrl = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    [anvilBin, '--port', String(port), '--host', '127.0.0.1', '--chain-id', '31337', '--silent'],
    { detached: true, stdio: 'ignore' },
  )
  const stop = () => stopGroup(child)
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!(await answersChainId(rpcUrl))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`anvil did not answer on ${rpcUrl} within ${READY_TIMEOUT_MS} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { rpcUrl, stop }
}
