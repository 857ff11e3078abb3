import type { ChildProcess } from 'node:child_process'

const running = new Set<ChildProcess>()
let exitHookInstalled = false

/** Kills every child process tracked here (anvil, Alto) if this process exits without stopping them. */
export function trackChild(child: ChildProcess): void {
  running.add(child)
  child.once('exit', () => running.delete(child))
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL')
  })
}
