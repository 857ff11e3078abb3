import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { ConfigError } from '../config/errors.js'
import { LEGACY_KEK_FILE, loadKek, newCode, newKek, newToken, Secrets, TOKEN_PATTERN } from './secrets.js'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the key-encryption key', () => {
  const log = pino({ level: 'silent' })
  const scratch = async () => {
    const parent = await mkdtemp(join(tmpdir(), 'kek-'))
    dirs.push(parent)
    return parent
  }

  it('in development, asked for by EMBEDDED_DEV_KEK_FILE, is generated once into that file (0600 in a 0700 folder), logged, and read back after', async () => {
    const parent = await scratch()
    // Neither the key's folder nor the data folder exists yet.
    const devKekFile = join(parent, 'secrets', 'embedded-kek')
    const storage = { dataDir: join(parent, 'data'), databaseUrl: undefined }
    const warn = vi.spyOn(log, 'warn')
    const kek = loadKek({ kek: undefined, devKekFile }, storage, log)
    expect(kek).toHaveLength(32)
    expect(warn).toHaveBeenCalledTimes(1)
    expect((await stat(devKekFile)).mode & 0o777).toBe(0o600)
    expect((await stat(join(parent, 'secrets'))).mode & 0o777).toBe(0o700)
    expect(Buffer.from((await readFile(devKekFile, 'utf8')).trim(), 'base64')).toEqual(kek)
    expect(loadKek({ kek: undefined, devKekFile }, storage, log)).toEqual(kek)
    expect(warn).toHaveBeenCalledTimes(1)
    // Nothing of the key in the data folder.
    expect(await readdir(parent)).toEqual(['secrets'])
    await writeFile(devKekFile, 'c2hvcnQ=\n')
    expect(() => loadKek({ kek: undefined, devKekFile }, storage, log)).toThrow(/does not hold a 32-byte key/)
    warn.mockRestore()
  })

  it('moves a key an earlier version generated into the data folder out of it, to EMBEDDED_DEV_KEK_FILE', async () => {
    const parent = await scratch()
    const dataDir = join(parent, 'data')
    await mkdir(dataDir)
    const legacy = Buffer.alloc(32, 9)
    await writeFile(join(dataDir, LEGACY_KEK_FILE), `${legacy.toString('base64')}\n`, { mode: 0o644 })
    const devKekFile = join(parent, 'dev-kek')
    expect(loadKek({ kek: undefined, devKekFile }, { dataDir, databaseUrl: undefined }, log)).toEqual(legacy)
    expect(await readdir(dataDir)).toEqual([])
    expect((await stat(devKekFile)).mode & 0o777).toBe(0o600)
  })

  it('refuses to start without EMBEDDED_KEK or EMBEDDED_DEV_KEK_FILE over stored data, and writes nothing', async () => {
    const parent = await scratch()
    const none = { kek: undefined, devKekFile: undefined }
    for (const storage of [
      { dataDir: join(parent, 'data'), databaseUrl: undefined },
      // PostgreSQL keeps the data even when the PGlite folder is memory://.
      { dataDir: 'memory://', databaseUrl: 'postgres://u@127.0.0.1:5432/db' },
    ]) {
      const attempt = () => loadKek(none, storage, log)
      expect(attempt).toThrow(ConfigError)
      expect(attempt).toThrow(
        /EMBEDDED_KEK: required .*set EMBEDDED_DEV_KEK_FILE to a file outside the data folder/,
      )
    }
    expect(await readdir(parent)).toEqual([])
  })

  it('EMBEDDED_KEK wins; a database in memory gets a throw-away key', () => {
    const configured = Buffer.alloc(32, 7)
    const memory = { dataDir: 'memory://', databaseUrl: undefined }
    expect(loadKek({ kek: configured, devKekFile: '/nonexistent/kek' }, memory, log)).toBe(configured)
    const none = { kek: undefined, devKekFile: undefined }
    expect(loadKek(none, memory, log)).not.toEqual(loadKek(none, memory, log))
    expect(Buffer.from(newKek(), 'base64')).toHaveLength(32)
  })
})

describe('Secrets', () => {
  const secrets = new Secrets(Buffer.alloc(32, 1))

  it('seals a share with AES-256-GCM bound to its user: another user or key cannot open it', () => {
    const sealed = secrets.encrypt('0802deadbeef', 'user-1')
    expect(sealed.toString('latin1')).not.toContain('0802deadbeef')
    expect(secrets.decrypt(sealed, 'user-1')).toBe('0802deadbeef')
    expect(() => secrets.decrypt(sealed, 'user-2')).toThrow()
    expect(() => new Secrets(Buffer.alloc(32, 2)).decrypt(sealed, 'user-1')).toThrow()
    expect(secrets.encrypt('0802deadbeef', 'user-1')).not.toEqual(sealed)
  })

  it('hashes codes with an HMAC bound to address and purpose', () => {
    const hash = secrets.codeHash('a@b.co', 'sign-in', '123456')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(secrets.codeMatches(hash, 'a@b.co', 'sign-in', '123456')).toBe(true)
    expect(secrets.codeMatches(hash, 'a@b.co', 'sign-in', '123457')).toBe(false)
    expect(secrets.codeMatches(hash, 'c@b.co', 'sign-in', '123456')).toBe(false)
    expect(secrets.codeMatches(hash, 'a@b.co', 'reauth', '123456')).toBe(false)
    expect(new Secrets(Buffer.alloc(32, 2)).codeHash('a@b.co', 'sign-in', '123456')).not.toBe(hash)
  })

  it('makes 6-digit codes and 32-byte base64url tokens', () => {
    const codes = new Set(Array.from({ length: 200 }, newCode))
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(codes.size).toBeGreaterThan(190)
    const token = newToken()
    expect(token).toMatch(TOKEN_PATTERN)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  })
})
