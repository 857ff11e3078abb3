import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { restrictToOwner } from './owner-only.js'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('restrictToOwner', () => {
  it("makes a folder, its sub-folders and files its owner's alone, as PGlite's initdb leaves them open", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'owner-only-'))
    dirs.push(folder)
    await mkdir(join(folder, 'base', '1'), { recursive: true })
    await writeFile(join(folder, 'PG_VERSION'), '17\n')
    await writeFile(join(folder, 'base', '1', '826'), '')
    for (const [path, mode] of [
      ['', 0o777],
      ['base', 0o755],
      ['base/1', 0o777],
      ['PG_VERSION', 0o666],
      ['base/1/826', 0o666],
    ] as const)
      await chmod(join(folder, path), mode)
    restrictToOwner(folder)
    const modes = async (paths: string[]) =>
      Promise.all(paths.map(async (path) => (await stat(join(folder, path))).mode & 0o777))
    expect(await modes(['', 'base', 'base/1'])).toEqual([0o700, 0o700, 0o700])
    expect(await modes(['PG_VERSION', 'base/1/826'])).toEqual([0o600, 0o600])
  })
})
