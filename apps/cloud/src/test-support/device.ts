import {
  base64url,
  DEVICE_CURVE,
  DEVICE_KEY_HEADER,
  DEVICE_PROOF_HEADER,
  signDeviceProof,
} from '@allaccess/protocol'

/**
 * A device as the frame is one (docs/embedded-wallet.md#device-binding), for the cloud's tests: a non-extractable
 * ECDSA P-256 key whose proof signs each request. `clock` is the time it signs with (the cloud's, when a test
 * steps that forward).
 */
export type TestDevice = {
  /** The public key, uncompressed, base64url (`x-device-key`). */
  publicKey: string
  /** The headers of one request to `path` (with its query): the key, a fresh proof and the bearer token if any. */
  headers(method: string, path: string, token?: string, at?: number): Promise<Record<string, string>>
}

export async function testDevice(clock: () => number = Date.now): Promise<TestDevice> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: DEVICE_CURVE }, false, [
    'sign',
    'verify',
  ])
  const publicKey = base64url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)))
  return {
    publicKey,
    headers: async (method, path, token, at = clock()) => ({
      [DEVICE_KEY_HEADER]: publicKey,
      [DEVICE_PROOF_HEADER]: await signDeviceProof(keys.privateKey, method, path, at),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }),
  }
}
