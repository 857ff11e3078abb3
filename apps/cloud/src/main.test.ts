import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@allaccess/testkit/free-port'
import { afterAll, describe, expect, it } from 'vitest'
import { mailboxUrlOf } from './mailbox/index.js'

const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))
const SERVER = fileURLToPath(new URL('./main.ts', import.meta.url))
const CLI = fileURLToPath(new URL('./cli/main.ts', import.meta.url))

/** What the test's own environment might set and the test sets itself. */
const UNSET = { DATABASE_URL: '', EMBEDDED_KEK: '', EMBEDDED_DEV_KEK_FILE: '' }

/** Every file and folder under `folder` whose mode lets its group or others in. */
async function openToOthers(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true })
  const modes = await Promise.all(
    names.map(async (name) => [name, (await stat(join(folder, name))).mode] as const),
  )
  return modes.filter(([, mode]) => (mode & 0o077) !== 0).map(([name]) => name)
}

const children: ChildProcess[] = []
const dirs: string[] = []
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

/** Runs an entry point to its end (bounded), collecting its output. */
function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(TSX, [script, ...args], { env: { ...process.env, ...UNSET, ...env } })
    children.push(child)
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.stderr.on('data', (chunk) => {
      err += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out, err })
    })
  })
}

describe('entry points', () => {
  it('serve, guard the PGlite folder, administer it once free, and refuse bad config', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'cloud-main-'))
    dirs.push(parent)
    const dataDir = join(parent, 'data')
    const devKekFile = join(parent, 'secrets', 'embedded-kek')
    const port = await freePort()
    const env = {
      CLOUD_DATA_DIR: dataDir,
      CLOUD_PORT: String(port),
      LOG_LEVEL: 'warn',
      EMBEDDED_DEV_KEK_FILE: devKekFile,
    }

    // Without a key-encryption key or the development mode asked for, the cloud refuses, and creates nothing.
    const refused = await run(SERVER, [], { ...env, EMBEDDED_DEV_KEK_FILE: '' })
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('EMBEDDED_KEK: required')
    expect(refused.err).toContain('set EMBEDDED_DEV_KEK_FILE to a file outside the data folder')
    expect(await readdir(parent)).toEqual([])

    const server = spawn(TSX, [SERVER], { env: { ...process.env, ...UNSET, ...env } })
    children.push(server)
    const listening = await new Promise<string>((resolve, reject) => {
      let out = ''
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 150_000)
      server.stdout?.on('data', (chunk) => {
        out += chunk
        // Lines that may come in several chunks: the address, the mailbox, then where the admin token is.
        if (out.includes('cloud listening on') && /admin token: .*\n/.test(out)) {
          clearTimeout(timer)
          resolve(out)
        }
      })
    })
    expect(listening).toContain(`http://127.0.0.1:${port}`)
    // The development mode says so at every start; the key is outside the data folder.
    expect(listening).toContain(
      `development mode: the key-encryption key is ${devKekFile} (EMBEDDED_DEV_KEK_FILE); set EMBEDDED_KEK in production`,
    )
    expect((await stat(devKekFile)).mode & 0o777).toBe(0o600)
    // The data folder and everything PGlite made in it are the owner's alone.
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    expect((await readdir(dataDir, { recursive: true })).length).toBeGreaterThan(100)
    expect(await openToOthers(parent)).toEqual([])
    // The development mailbox's page and SMTP address, printed (SMTP_URL is unset).
    const token = (JSON.parse(await readFile(join(dataDir, 'admin.json'), 'utf8')) as { token: string }).token
    expect(listening).toContain(
      `development mailbox: ${mailboxUrlOf(`http://127.0.0.1:${port}`, token)} (SMTP at smtp://127.0.0.1:`,
    )
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)

    // Where the admin token is, never the token; the CLI finds it there and administers projects through the cloud.
    expect(listening).toContain(`admin token: in ${join(dataDir, 'admin.json')}, where the CLI reads it`)
    expect(listening).not.toContain(token)
    const whileUp = await run(
      CLI,
      ['project', 'add', 'live', '--name', 'Live', '--origin', 'https://live.example'],
      env,
    )
    expect(whileUp.code, whileUp.err).toBe(0)
    expect((await fetch(`http://127.0.0.1:${port}/getAnalyticsConfig?projectId=live`)).status).toBe(200)
    const edited = await run(CLI, ['project', 'edit', 'live', '--analytics', 'off'], env)
    expect(edited.code, edited.err).toBe(0)
    const listedWhileUp = await run(CLI, ['project', 'list'], env)
    expect(listedWhileUp.code, listedWhileUp.err).toBe(0)
    expect(listedWhileUp.out).toContain('live\tLive\tanalytics off\thttps://live.example')
    const busy = await run(CLI, ['wallets', 'fixture', '--count', '1'], env)
    expect(busy.code).toBe(1)
    expect(busy.err).toContain('which the running cloud holds')

    // Another cloud on the same port: one line naming the port and the variable, no stack.
    const clash = await run(SERVER, [], { ...env, CLOUD_DATA_DIR: 'memory://' })
    expect(clash.code).toBe(1)
    expect(clash.err.trim()).toBe(
      `Port ${port} is already in use: stop what holds it, or set CLOUD_PORT to another port.`,
    )

    const stopped = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    expect(await stopped).toBe(0)

    const added = await run(
      CLI,
      ['project', 'add', 'demo', '--name', 'Demo', '--origin', 'https://demo.example'],
      env,
    )
    expect(added.code, added.err).toBe(0)
    const listed = await run(CLI, ['project', 'list'], env)
    expect(listed.out).toContain('allaccess-local\tAll-Access Pass (local)')
    expect(listed.out).toContain('demo\tDemo\tanalytics on\thttps://demo.example')

    const bad = await run(SERVER, [], { ...env, CLOUD_PORT: 'http' })
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('Invalid cloud configuration')
    expect(bad.err).toContain('CLOUD_PORT')
  }, 600_000)
})
