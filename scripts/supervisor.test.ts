import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { type ChildSpec, createSupervisor } from './supervisor'

const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))
const SUPERVISOR = fileURLToPath(new URL('./supervisor.ts', import.meta.url))
const CLOSE_ON_SIGNALS = fileURLToPath(new URL('../apps/cloud/src/close-on-signals.ts', import.meta.url))

/** A child that says it is ready, then idles until SIGTERM (or, `stubborn`, ignores it). */
const idler = (name: string, stubborn = false): ChildSpec => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `process.on('SIGTERM', () => { ${stubborn ? '' : 'process.exit(0)'} }); console.log('ready ' + process.pid); setInterval(() => {}, 1e6)`,
  ],
  ready: /^ready/,
})

const alive = (pid: number | undefined) => {
  if (pid === undefined) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const until = async (check: () => boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('supervisor', () => {
  it('restarts only the child that crashed, prefixes its lines, and stops all', async () => {
    const lines: string[] = []
    const supervisor = createSupervisor([idler('chain'), idler('cloud'), idler('site')], {
      backoffMs: 50,
      log: (line) => lines.push(line),
    })
    await supervisor.start()
    const before = {
      chain: supervisor.pid('chain'),
      cloud: supervisor.pid('cloud'),
      site: supervisor.pid('site'),
    }
    expect(lines).toContain(`cloud | ready ${before.cloud}`)

    process.kill(before.cloud as number, 'SIGKILL')
    await until(
      () => alive(supervisor.pid('cloud')) && supervisor.pid('cloud') !== before.cloud,
      'the restart',
    )
    await until(() => lines.includes(`cloud | ready ${supervisor.pid('cloud')}`), 'the restarted child ready')
    expect(lines).toContain('cloud | exited (SIGKILL); restarting in 50 ms')
    expect(supervisor.pid('chain')).toBe(before.chain)
    expect(supervisor.pid('site')).toBe(before.site)

    const pids = [supervisor.pid('chain'), supervisor.pid('cloud'), supervisor.pid('site')]
    await supervisor.stop()
    for (const pid of pids) expect(alive(pid), String(pid)).toBe(false)
  }, 60_000)

  it('kills a child that ignores SIGTERM once the stop time-out passes', async () => {
    const supervisor = createSupervisor([idler('stubborn', true)], { stopTimeoutMs: 300, log: () => {} })
    await supervisor.start()
    const pid = supervisor.pid('stubborn')
    await supervisor.stop()
    expect(alive(pid)).toBe(false)
  }, 30_000)

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s to the supervisor stops every child and exits 0',
    async (signal) => {
      const dir = await mkdtemp(join(tmpdir(), 'supervisor-'))
      dirs.push(dir)
      const entry = join(dir, 'run.mts')
      await writeFile(
        entry,
        `import { closeOnSignals } from ${JSON.stringify(CLOSE_ON_SIGNALS)}
import { createSupervisor } from ${JSON.stringify(SUPERVISOR)}
const child = (name: string) => ({ name, command: process.execPath, ready: /^ready/, args: ['-e',
  "process.on('SIGTERM', () => process.exit(0)); console.log('ready ' + process.pid); setInterval(() => {}, 1e6)"] })
const supervisor = createSupervisor([child('a'), child('b')])
closeOnSignals(supervisor.stop)
await supervisor.start()
console.log('started')
`,
      )
      const runner = spawn(TSX, [entry], { stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      runner.stdout.on('data', (chunk) => {
        out += chunk
      })
      const exited = new Promise<number | null>((resolve) => runner.once('exit', resolve))
      await until(() => out.includes('started'), 'the supervisor to start', 60_000)
      const pids = [...out.matchAll(/\| ready (\d+)/g)].map((match) => Number(match[1]))
      expect(pids).toHaveLength(2)
      runner.kill(signal)
      expect(await exited).toBe(0)
      for (const pid of pids) expect(alive(pid), String(pid)).toBe(false)
    },
    90_000,
  )
})
