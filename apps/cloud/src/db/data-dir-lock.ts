import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseBusyError } from './errors.js'

const LOCK_FILE = 'cloud.lock'
/** Folders this process holds: the lock file alone can't tell a second open here from a stale lock of our pid. */
const heldHere = new Set<string>()

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the folder for this process: refused while another live process or this one holds it; a stale lock (of
 * a dead process, or of our own pid left by a crashed run, as pid 1 in a container) is taken over. Returns the
 * release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const path = join(dataDir, LOCK_FILE)
  if (heldHere.has(path)) throw new DatabaseBusyError(dataDir, process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 })
      heldHere.add(path)
      return () => {
        heldHere.delete(path)
        rmSync(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(path, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseBusyError(dataDir, owner)
      }
      rmSync(path, { force: true })
    }
  }
  throw new DatabaseBusyError(dataDir, Number(readFileSync(path, 'utf8')))
}
