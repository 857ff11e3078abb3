import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64urlnopad } from '@scure/base'
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json'

/**
 * The relay's client authentication, for WalletConnect's core in place of `@walletconnect/relay-auth` 1.1
 * (which bundles its own copy of the Ed25519 and SHA-512 code the page's `@noble/curves` already has): the
 * client's Ed25519 key pair, its `did:key` issuer and the EdDSA JWT it signs for the relay. Ed25519 signatures
 * are deterministic, so each JWT is byte for byte the one that package signs (relayAuth.test.ts checks it).
 */

export type Keypair = { secretKey: Uint8Array; publicKey: Uint8Array }

const SEED_LENGTH = 32
/** The multicodec prefix of an Ed25519 public key (0xed, as a varint). */
const ED25519_MULTICODEC = Uint8Array.of(0xed, 0x01)
const utf8 = new TextEncoder()

const encodeJSON = (value: unknown) => base64urlnopad.encode(utf8.encode(safeJsonStringify(value)))
const decodeJSON = (part: string) => safeJsonParse(new TextDecoder().decode(base64urlnopad.decode(part)))

/** The client's key pair from its stored 32-byte seed. */
export function generateKeyPair(seed: Uint8Array = ed25519.utils.randomPrivateKey()): Keypair {
  const publicKey = ed25519.getPublicKey(seed)
  const secretKey = new Uint8Array([...seed, ...publicKey])
  return { secretKey, publicKey }
}

/** The client's id: its public key as a `did:key` (base58btc multibase, `z` prefix). */
export function encodeIss(publicKey: Uint8Array): string {
  return `did:key:z${base58.encode(new Uint8Array([...ED25519_MULTICODEC, ...publicKey]))}`
}

/** The JWT the relay authenticates the client by: `sub` its random subject, `aud` the relay's URL. */
export async function signJWT(
  sub: string,
  aud: string,
  ttl: number,
  keyPair: Keypair,
  iat = Math.floor(Date.now() / 1000),
): Promise<string> {
  const header = { alg: 'EdDSA', typ: 'JWT' }
  const payload = { iss: encodeIss(keyPair.publicKey), sub, aud, iat, exp: iat + ttl }
  const data = `${encodeJSON(header)}.${encodeJSON(payload)}`
  const signature = ed25519.sign(utf8.encode(data), keyPair.secretKey.slice(0, SEED_LENGTH))
  return `${data}.${base64urlnopad.encode(signature)}`
}

/** A JWT's parts, unverified (WalletConnect reads Verify's attestations with it). */
export function decodeJWT(jwt: string) {
  const [header = '', payload = '', signature = ''] = jwt.split('.')
  return {
    header: decodeJSON(header),
    payload: decodeJSON(payload),
    signature: base64urlnopad.decode(signature),
    data: utf8.encode(`${header}.${payload}`),
  }
}
