import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Db, meta } from '../db/index.js'

/** Where the signing key lives: in the database, so every cloud process signs with the same key. */
const KEY_NAME = 'verify:signing-key'

/** The public half as WalletConnect's clients read it (`P256KeyDataType`). */
export type PublicJwk = { kty: 'EC'; crv: 'P-256'; x: string; y: string; ext: true; key_ops: ['verify'] }

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** Signs Verify attestations as ES256 JWTs with the cloud's P-256 key. */
export class AttestationSigner {
  readonly publicJwk: PublicJwk

  private constructor(private readonly key: KeyObject) {
    const { x, y } = createPublicKey(key).export({ format: 'jwk' })
    if (!x || !y) throw new Error('verify signing key has no public point')
    this.publicJwk = { kty: 'EC', crv: 'P-256', x, y, ext: true, key_ops: ['verify'] }
  }

  /** Reads the cloud's key, creating it on first use (the first process to write it wins). */
  static async open(db: Db): Promise<AttestationSigner> {
    const fresh = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })
    await db
      .insert(meta)
      .values({ key: KEY_NAME, value: JSON.stringify(fresh) })
      .onConflictDoNothing()
    const [row] = await db.select().from(meta).where(eq(meta.key, KEY_NAME))
    if (!row) throw new Error('verify signing key not stored')
    return new AttestationSigner(createPrivateKey({ key: JSON.parse(row.value), format: 'jwk' }))
  }

  /** `header.payload.signature`, the signature as r‖s (JWS ES256). */
  sign(payload: object): string {
    const input = `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
    const signature = sign('sha256', Buffer.from(input), { key: this.key, dsaEncoding: 'ieee-p1363' })
    return `${input}.${base64url(signature)}`
  }
}
