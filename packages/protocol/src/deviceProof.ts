import * as z from 'zod/mini'
import { evmAddressSchema } from './account'
import { KEY_SHARE_MAX_LENGTH, keyShareSchema } from './embedded'

/**
 * The embedded wallet's device binding (docs/embedded-wallet.md#device-binding): the frame keeps a non-extractable
 * ECDSA P-256 key; a session is bound to its public key when the session is made, and every request to
 * `/v1/embedded/*` carries a proof signed with it (DPoP-style: method, path with query, time and a fresh nonce).
 * A session token without the device's key is refused.
 */
export const DEVICE_KEY_HEADER = 'x-device-key'
export const DEVICE_PROOF_HEADER = 'x-device-proof'
/** How far a proof's time may be from the cloud's clock, either way (the cloud keeps a nonce twice that long). */
export const DEVICE_PROOF_WINDOW_MS = 60_000
/**
 * The cloud's clock (epoch ms) on every answer of `/v1/embedded/*`: a device whose own clock is off signs its proofs
 * with the difference, so that a clock more than DEVICE_PROOF_WINDOW_MS off is no refusal of every request.
 */
export const CLOUD_TIME_HEADER = 'x-cloud-time'
/** The curve of the device key and of the enrolment's key agreement. */
export const DEVICE_CURVE = 'P-256'
/** The HKDF `info` of the key that seals the recovery share to an enrolling device. */
export const SEALED_SHARE_INFO = 'allaccess embedded wallet: recovery share for an enrolled device'

/** A P-256 public key, uncompressed (65 bytes), base64url. */
export const P256_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/
/** `time.nonce.signature`: epoch ms, 16 to 48 random bytes and a P1363 signature (64 bytes), all base64url. */
export const DEVICE_PROOF_PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{86})$/

export const p256PublicKeySchema = z
  .string()
  .check(z.regex(P256_PUBLIC_KEY_PATTERN, 'must be an uncompressed P-256 public key in base64url'))

/** What a proof signs: `path` is the route's path with its query, as the cloud receives it. */
export const deviceProofMessage = (method: string, path: string, time: number, nonce: string) =>
  `allaccess-device-proof\n${method.toUpperCase()}\n${path}\n${time}\n${nonce}`

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0))

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '')

/** The proof header's value for one request, signed with the device's private key. */
export async function signDeviceProof(
  privateKey: Parameters<typeof crypto.subtle.sign>[1],
  method: string,
  path: string,
  time: number,
): Promise<string> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)))
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    new TextEncoder().encode(deviceProofMessage(method, path, time, nonce)),
  )
  return `${time}.${nonce}.${base64url(new Uint8Array(signature))}`
}

/** `GET /v1/embedded/shares`: what a known device gets, the auth share only (its own share completes the key). */
export const authShareSchema = z.object({ address: evmAddressSchema, authShare: keyShareSchema })
export type AuthShare = z.infer<typeof authShareSchema>
/**
 * What `GET /v1/embedded/shares` answers: the auth share, or before a wallet is stored `{ address: null }` — an
 * expected answer for a new user, not a failure.
 */
export const storedSharesSchema = z.union([authShareSchema, z.object({ address: z.null() })])
export type StoredShares = z.infer<typeof storedSharesSchema>

/** `POST /v1/embedded/shares/enrol`: the public half of the P-256 ECDH key the frame made for this enrolment. */
export const enrolRequestSchema = z.object({ enrolKey: p256PublicKeySchema })

/**
 * The recovery share sealed to the enrolling device: AES-256-GCM (`ciphertext` ends with the tag, `iv` 12 bytes)
 * under HKDF-SHA-256(ECDH(the cloud's one-time `key`, the frame's enrolKey), SEALED_SHARE_INFO), the wallet's
 * address as additional data. All base64url.
 */
export const sealedShareSchema = z.object({
  key: p256PublicKeySchema,
  iv: z.string().check(z.regex(/^[A-Za-z0-9_-]{16}$/)),
  ciphertext: z
    .string()
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{1,${Math.ceil(((KEY_SHARE_MAX_LENGTH + 16) * 4) / 3)}}$`))),
})
export const enrolResponseSchema = z.object({
  address: evmAddressSchema,
  authShare: keyShareSchema,
  recoveryShare: sealedShareSchema,
})
export type EnrolResponse = z.infer<typeof enrolResponseSchema>

type WebCryptoKey = Parameters<typeof crypto.subtle.deriveBits>[1]

/** A one-time ECDH P-256 key for an enrolment: its private half never leaves memory and cannot be exported. */
export async function newEnrolmentKey(): Promise<{ enrolKey: string; privateKey: WebCryptoKey }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: DEVICE_CURVE }, false, [
    'deriveBits',
  ])
  const enrolKey = base64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)))
  return { enrolKey, privateKey: pair.privateKey }
}

/** Opens the recovery share the cloud sealed to `privateKey`'s public half (see sealedShareSchema). */
export async function openSealedShare(privateKey: WebCryptoKey, enrolment: EnrolResponse): Promise<string> {
  const sealed = enrolment.recoveryShare
  const theirs = await crypto.subtle.importKey(
    'raw',
    fromBase64url(sealed.key),
    { name: 'ECDH', namedCurve: DEVICE_CURVE },
    false,
    [],
  )
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: theirs }, privateKey, 256)
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  const key = await crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode(SEALED_SHARE_INFO),
    },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  )
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64url(sealed.iv),
      additionalData: new TextEncoder().encode(enrolment.address),
    },
    key,
    fromBase64url(sealed.ciphertext),
  )
  return new TextDecoder().decode(plain)
}
