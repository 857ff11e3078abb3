import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from './data-dir-lock.js'
import { DatabaseBusyError } from './errors.js'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('PGlite data folder lock', () => {
  it('refuses a folder held by a live process and takes over a stale lock', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cloud-lock-'))
    // pid 1 is always alive: the folder is busy.
    await writeFile(join(dir, 'cloud.lock'), '1')
    expect(() => lockDataDir(dir as string)).toThrow(DatabaseBusyError)
    // A pid beyond pid_max cannot be alive: the lock is stale.
    await writeFile(join(dir, 'cloud.lock'), '2147483646')
    const release = lockDataDir(dir)
    expect(await readFile(join(dir, 'cloud.lock'), 'utf8')).toBe(String(process.pid))
    release()
    const again = lockDataDir(dir)
    again()
  })

  it('refuses a second open of a folder this process holds, and takes over a stale lock of its own pid', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cloud-lock-'))
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir as string)).toThrow(DatabaseBusyError)
    release()
    // Our pid in the file, but not held here: left by a crashed run.
    await writeFile(join(dir, 'cloud.lock'), String(process.pid))
    lockDataDir(dir)()
  })
})
