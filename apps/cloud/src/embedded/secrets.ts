import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { OTP_LENGTH } from '@allaccess/protocol'
import type { FastifyBaseLogger } from 'fastify'
import { ConfigError } from '../config/errors.js'

/** Where earlier versions generated the development key-encryption key: inside the data folder (moved out now). */
export const LEGACY_KEK_FILE = 'embedded-kek'
const IV_BYTES = 12
const TAG_BYTES = 16

export type KekOptions = { kek: Buffer | undefined; devKekFile: string | undefined }
export type KekStorage = { dataDir: string; databaseUrl: string | undefined }

/**
 * The key-encryption key: `EMBEDDED_KEK`; else the development key kept in `EMBEDDED_DEV_KEK_FILE` (outside the
 * data folder, generated on first start, mode 0600 in a 0700 folder); else, for a database in memory, a fresh one
 * that dies with it. Otherwise the cloud refuses to start: a key beside the data would open every recovery share
 * of a copy of that data.
 */
export function loadKek(
  { kek, devKekFile }: KekOptions,
  { dataDir, databaseUrl }: KekStorage,
  log: FastifyBaseLogger,
): Buffer {
  if (kek) return kek
  const inMemory = dataDir.startsWith('memory://')
  if (devKekFile) return loadDevKek(devKekFile, inMemory ? undefined : join(dataDir, LEGACY_KEK_FILE), log)
  if (inMemory && !databaseUrl) return randomBytes(32)
  throw new ConfigError([
    'EMBEDDED_KEK: required (32 bytes in base64, `openssl rand -base64 32`, kept outside the data folder and its backups): recovery shares are encrypted under it. For development only, set EMBEDDED_DEV_KEK_FILE to a file outside the data folder (npm start does)',
  ])
}

function loadDevKek(path: string, legacyPath: string | undefined, log: FastifyBaseLogger): Buffer {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  if (legacyPath && !existsSync(path) && existsSync(legacyPath)) {
    renameSync(legacyPath, path)
    chmodSync(path, 0o600)
    log.warn(
      { from: legacyPath, to: path },
      'moved the development key-encryption key out of the data folder',
    )
  }
  if (existsSync(path)) {
    const kek = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
    if (kek.length !== 32)
      throw new ConfigError([
        `EMBEDDED_DEV_KEK_FILE: ${path} does not hold a 32-byte key in base64; restore it`,
      ])
    return kek
  }
  const kek = randomBytes(32)
  writeFileSync(path, `${kek.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  log.warn({ path }, 'generated a development key-encryption key (EMBEDDED_DEV_KEK_FILE)')
  return kek
}

/**
 * A fresh key-encryption key in `EMBEDDED_KEK`'s format, held only in memory: for a cloud over stored data that
 * lives no longer than this process (tests, the benchmark, the browser tests' stack), restarts included.
 */
export const newKek = () => randomBytes(32).toString('base64')

/** SHA-256 in hex: how session and approval tokens are stored (they are random, no secret needed). */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** A bearer token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url')
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** A one-time code: OTP_LENGTH digits from the CSPRNG. */
export const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')

/** The secrets derived from the key-encryption key: share encryption and the codes' HMAC key. */
export class Secrets {
  private readonly codeKey: Buffer

  constructor(private readonly kek: Buffer) {
    this.codeKey = Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), 'embedded-wallet one-time codes', 32))
  }

  /** HMAC-SHA256 of a code, bound to the address and purpose it was sent for. */
  codeHash(email: string, purpose: string, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${purpose}\n${email}\n${code}`).digest('hex')
  }

  codeMatches(hash: string, email: string, purpose: string, code: string): boolean {
    return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(this.codeHash(email, purpose, code), 'hex'))
  }

  /** AES-256-GCM under the KEK; `context` (the user id) is authenticated, so a row cannot be moved to another. */
  encrypt(plain: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.kek, iv).setAAD(Buffer.from(context))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body])
  }

  decrypt(sealed: Buffer, context: string): string {
    const decipher = createDecipheriv('aes-256-gcm', this.kek, sealed.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    )
  }
}
