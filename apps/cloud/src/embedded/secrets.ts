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
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OTP_LENGTH } from '@allaccess/protocol'
import type { FastifyBaseLogger } from 'fastify'

/** The generated development key-encryption key, in the cloud's data folder. */
export const KEK_FILE = 'embedded-kek'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The key-encryption key: `EMBEDDED_KEK`, else (development) the one generated into the data folder on first
 * start (mode 0600), else, for an in-memory database, a fresh one that dies with the process.
 */
export function loadKek(configured: Buffer | undefined, dataDir: string, log: FastifyBaseLogger): Buffer {
  if (configured) return configured
  if (dataDir.startsWith('memory://')) return randomBytes(32)
  const path = join(dataDir, KEK_FILE)
  if (existsSync(path)) {
    const kek = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
    if (kek.length !== 32)
      throw new Error(`${path}: expected a 32-byte key in base64; restore it or set EMBEDDED_KEK`)
    return kek
  }
  const kek = randomBytes(32)
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(path, `${kek.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  log.warn(
    { path },
    'EMBEDDED_KEK unset: generated a development key-encryption key (set EMBEDDED_KEK in production)',
  )
  return kek
}

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
