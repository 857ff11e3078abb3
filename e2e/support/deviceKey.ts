import { base64url, DEVICE_KEY_HEADER, DEVICE_PROOF_HEADER, signDeviceProof } from '@allaccess/protocol'

/**
 * A device key of the test's own, as a script outside the frame would hold: the headers that prove it on one
 * request to `/v1/embedded/*` (docs/embedded-wallet.md#device-binding).
 */
export async function deviceKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  const key = base64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)))
  return {
    key,
    async headers(method: string, url: string) {
      const { pathname, search } = new URL(url)
      const proof = await signDeviceProof(pair.privateKey, method, `${pathname}${search}`, Date.now())
      return { [DEVICE_KEY_HEADER]: key, [DEVICE_PROOF_HEADER]: proof }
    },
  }
}
