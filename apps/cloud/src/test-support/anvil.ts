import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from './ports.js'

const ANVIL = fileURLToPath(new URL('../../../../node_modules/.bin/anvil', import.meta.url))

export type Anvil = { url: string; stop(): Promise<void> }

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      signal: AbortSignal.timeout(500),
    })
    return response.ok
  } catch {
    return false
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** A local anvil (chain 31337) on a free loopback port, ready to answer; waits at most 15 s. */
export async function startAnvil(): Promise<Anvil> {
  const port = await freePort()
  const child = spawn(ANVIL, ['--port', String(port), '--host', '127.0.0.1', '--silent'], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopProcess(child)
      throw new Error(`anvil did not start on port ${port}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, stop: () => stopProcess(child) }
}
