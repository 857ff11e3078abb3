import {
  createCipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto'
import {
  DEVICE_CURVE,
  DEVICE_KEY_HEADER,
  DEVICE_PROOF_HEADER,
  DEVICE_PROOF_PATTERN,
  DEVICE_PROOF_WINDOW_MS,
  deviceProofMessage,
  type EnrolResponse,
  P256_PUBLIC_KEY_PATTERN,
  SEALED_SHARE_INFO,
} from '@allaccess/protocol'
import { lte } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/index.js'
import { bearerOf } from '../http/bearer.js'
import { EmbeddedError } from './errors.js'
import { embeddedProofNonces as nonces } from './tables.js'

/**
 * How long after its time a proof's nonce is kept: twice its window, so that an instance whose clock runs up to a
 * window ahead of another does not purge a nonce the other would still accept.
 */
export const NONCE_KEPT_MS = 2 * DEVICE_PROOF_WINDOW_MS

/** One request's proof as it arrived: the headers, and what they sign (method, path with query). */
export type ProofInput = { key: string | undefined; proof: string | undefined; method: string; path: string }

/** A request that claims a session: its bearer token, the project it names and its device proof. */
export type SessionAuth = { token: string | undefined; projectId: string; proof: ProofInput }

/** What a new session is bound to: the device key its request proved, and the project it was made for. */
export type DeviceBinding = { deviceKey: string; projectId: string }

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return typeof value === 'string' ? value : undefined
}

export const proofOf = (request: FastifyRequest): ProofInput => ({
  key: header(request, DEVICE_KEY_HEADER),
  proof: header(request, DEVICE_PROOF_HEADER),
  method: request.method,
  path: request.url,
})

export const sessionAuthOf = (request: FastifyRequest, projectId: string): SessionAuth => ({
  token: bearerOf(request),
  projectId,
  proof: proofOf(request),
})

/** A P-256 public key (uncompressed, base64url) as Node's key; undefined for anything that is not a curve point. */
function publicKeyOf(encoded: string): KeyObject | undefined {
  if (!P256_PUBLIC_KEY_PATTERN.test(encoded)) return undefined
  const raw = Buffer.from(encoded, 'base64url')
  if (raw.length !== 65 || raw[0] !== 0x04) return undefined
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: DEVICE_CURVE,
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
  } catch {
    return undefined
  }
}

/**
 * Device proofs (docs/embedded-wallet.md#device-binding): a signature of the request by the device's key, within
 * DEVICE_PROOF_WINDOW_MS of the cloud's clock, with a nonce seen once. The nonces live in the database (any
 * instance refuses a replay to another) for NONCE_KEPT_MS; only correctly signed proofs are written.
 */
export class DeviceProofs {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Verifies `input` against `deviceKey` (the session's); EmbeddedError('deviceNotProven') for anything else. */
  async verify(deviceKey: string, input: ProofInput): Promise<void> {
    const match = input.proof === undefined ? null : DEVICE_PROOF_PATTERN.exec(input.proof)
    const key = publicKeyOf(deviceKey)
    if (!match || !key) throw new EmbeddedError('deviceNotProven')
    const [, time = '', nonce = '', signature = ''] = match
    const at = Number(time)
    if (Math.abs(this.now() - at) > DEVICE_PROOF_WINDOW_MS) throw new EmbeddedError('deviceNotProven')
    const message = Buffer.from(deviceProofMessage(input.method, input.path, at, nonce))
    const signed = verify(
      'sha256',
      message,
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    if (!signed) throw new EmbeddedError('deviceNotProven')
    const fresh = await this.db
      .insert(nonces)
      .values({ nonce, expiresAt: at + NONCE_KEPT_MS })
      .onConflictDoNothing()
      .returning({ nonce: nonces.nonce })
    if (fresh.length === 0) throw new EmbeddedError('deviceNotProven')
  }

  /** A new session's binding: the request proves the key it names (its `x-device-key`). */
  async bind(input: ProofInput, projectId: string): Promise<DeviceBinding> {
    if (input.key === undefined) throw new EmbeddedError('deviceNotProven')
    await this.verify(input.key, input)
    return { deviceKey: input.key, projectId }
  }

  purge(): Promise<unknown> {
    return this.db.delete(nonces).where(lte(nonces.expiresAt, this.now()))
  }
}

/**
 * The recovery share sealed to an enrolling device's one-time ECDH key (`enrolKey`): a one-time key of the cloud,
 * HKDF-SHA-256 of the shared secret, AES-256-GCM with the wallet's address as additional data. Only the frame
 * that holds the enrolKey's private half opens it.
 */
export function sealShare(
  share: string,
  enrolKey: string,
  address: string,
): EnrolResponse['recoveryShare'] | undefined {
  const theirs = publicKeyOf(enrolKey)
  if (!theirs) return undefined
  const ours = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const shared = diffieHellman({ privateKey: ours.privateKey, publicKey: theirs })
  const key = Buffer.from(hkdfSync('sha256', shared, Buffer.alloc(0), SEALED_SHARE_INFO, 32))
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(address))
  const ciphertext = Buffer.concat([cipher.update(share, 'utf8'), cipher.final(), cipher.getAuthTag()])
  const jwk = ours.publicKey.export({ format: 'jwk' })
  const raw = Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ])
  return {
    key: raw.toString('base64url'),
    iv: iv.toString('base64url'),
    ciphertext: ciphertext.toString('base64url'),
  }
}
