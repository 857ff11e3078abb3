import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { KEK_FILE, loadKek, newCode, newToken, Secrets, TOKEN_PATTERN } from './secrets.js'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the key-encryption key', () => {
  it('in development, is generated once into the data folder (mode 0600), logged, and read back after', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'kek-'))
    dirs.push(parent)
    // The data folder does not exist yet (PostgreSQL: nothing else creates it).
    const dataDir = join(parent, 'data')
    const log = pino({ level: 'silent' })
    const warn = vi.spyOn(log, 'warn')
    const kek = loadKek(undefined, dataDir, log)
    expect(kek).toHaveLength(32)
    expect(warn).toHaveBeenCalledTimes(1)
    const file = join(dataDir, KEK_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(kek)
    expect(loadKek(undefined, dataDir, log)).toEqual(kek)
    expect(warn).toHaveBeenCalledTimes(1)
    await writeFile(file, 'c2hvcnQ=\n')
    expect(() => loadKek(undefined, dataDir, log)).toThrow(/expected a 32-byte key/)
  })

  it('EMBEDDED_KEK wins; an in-memory database gets a throw-away key', () => {
    const log = pino({ level: 'silent' })
    const configured = Buffer.alloc(32, 7)
    expect(loadKek(configured, '/nonexistent', log)).toBe(configured)
    expect(loadKek(undefined, 'memory://', log)).not.toEqual(loadKek(undefined, 'memory://', log))
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
