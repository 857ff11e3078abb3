import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export type ChildSpec = {
  /** Log prefix and name in messages. */
  name: string
  command: string
  args: string[]
  env?: Record<string, string | undefined>
  /** A line on the child's output that says it is ready; the next child starts only then. */
  ready: RegExp
}

export type SupervisorOptions = {
  /** First restart delay, doubled on each crash in a row up to `maxBackoffMs`; reset once the child is ready. */
  backoffMs?: number
  maxBackoffMs?: number
  /** How long a child has to exit after SIGTERM before its process group is killed. */
  stopTimeoutMs?: number
  /** How long a child may take to print its ready line. */
  readyTimeoutMs?: number
  /** Where the prefixed lines go. */
  log?: (line: string) => void
}

export type Supervisor = {
  /** Starts the children in order, each once the previous is ready. Rejects if one never gets ready. */
  start(): Promise<void>
  /** Stops every child (SIGTERM to its process group, SIGKILL past the time-out) and restarts none. */
  stop(): Promise<void>
  /** The current process id of each child. */
  pid(name: string): number | undefined
}

/**
 * Runs each part of the product as its own process: its output prefixed with its name, a crash restarted (that
 * child only) after a back-off, and one stop for all. Each child leads its own process group, so its own children
 * (anvil under the chain script) stop with it.
 */
export function createSupervisor(specs: ChildSpec[], options: SupervisorOptions = {}): Supervisor {
  const { backoffMs = 500, maxBackoffMs = 10_000, stopTimeoutMs = 10_000, readyTimeoutMs = 300_000 } = options
  const log = options.log ?? ((line: string) => console.log(line))
  const width = Math.max(...specs.map((spec) => spec.name.length))
  const running = new Map<string, ChildProcess>()
  const timers = new Set<NodeJS.Timeout>()
  let stopping = false

  const prefix = (spec: ChildSpec, stream: NodeJS.ReadableStream, onLine: (line: string) => void) =>
    createInterface({ input: stream }).on('line', (line) => {
      log(`${spec.name.padEnd(width)} | ${line}`)
      onLine(line)
    })

  /** Spawns the child; resolves when it prints its ready line, rejects if it exits first. */
  const launch = (spec: ChildSpec, delay: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const child = spawn(spec.command, spec.args, {
        env: { ...process.env, ...spec.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      running.set(spec.name, child)
      let ready = false
      const readyTimer = setTimeout(() => {
        if (!ready) reject(new Error(`${spec.name} did not get ready within ${readyTimeoutMs} ms`))
      }, readyTimeoutMs)
      const onLine = (line: string) => {
        if (ready || !spec.ready.test(line)) return
        ready = true
        clearTimeout(readyTimer)
        resolve()
      }
      if (child.stdout) prefix(spec, child.stdout, onLine)
      if (child.stderr) prefix(spec, child.stderr, onLine)
      child.once('error', (error) => log(`${spec.name.padEnd(width)} | ${error.message}`))
      child.once('exit', (code, signal) => {
        clearTimeout(readyTimer)
        if (running.get(spec.name) === child) running.delete(spec.name)
        if (stopping) return
        // What the crashed child left in its group (tsx's node under its wrapper) would hold its port and files.
        if (child.pid !== undefined) signalGroup(-child.pid, 'SIGKILL')
        const next = ready ? backoffMs : Math.min(delay * 2, maxBackoffMs)
        log(`${spec.name.padEnd(width)} | exited (${signal ?? `code ${code}`}); restarting in ${next} ms`)
        const timer = setTimeout(() => {
          timers.delete(timer)
          if (!stopping)
            launch(spec, next).catch((error: Error) => log(`${spec.name.padEnd(width)} | ${error.message}`))
        }, next)
        timers.add(timer)
        if (!ready) reject(new Error(`${spec.name} exited before it was ready`))
      })
    })

  const stopChild = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve()
      const group = -child.pid
      const kill = setTimeout(() => signalGroup(group, 'SIGKILL'), stopTimeoutMs)
      child.once('exit', () => {
        clearTimeout(kill)
        // What the child left behind in its group (a grandchild it did not stop) goes too.
        signalGroup(group, 'SIGKILL')
        resolve()
      })
      signalGroup(group, 'SIGTERM')
    })

  return {
    async start() {
      for (const spec of specs) {
        if (stopping) return
        await launch(spec, backoffMs)
      }
    },
    async stop() {
      stopping = true
      for (const timer of timers) clearTimeout(timer)
      await Promise.all([...running.values()].reverse().map(stopChild))
    },
    pid: (name) => running.get(name)?.pid,
  }
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal)
  } catch {
    // Already gone.
  }
}
