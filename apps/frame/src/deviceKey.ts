import {
  base64url,
  DEVICE_CURVE,
  DEVICE_KEY_HEADER,
  DEVICE_PROOF_HEADER,
  signDeviceProof,
} from '@allaccess/protocol'
import type { Vault } from './vault'

/**
 * This browser's device key (docs/embedded-wallet.md#device-binding): an ECDSA P-256 key made here, its private half
 * not extractable — kept in the vault as a CryptoKey, usable only by this origin's code to sign, never readable as
 * bytes. The cloud binds each session to its public half and refuses a request it did not sign, so a session token
 * copied out of this storage is useless elsewhere.
 */
export type DeviceKey = {
  /** The headers that prove the key for one request: `path` is the route with its query, as the cloud sees it. */
  headers(method: string, path: string): Promise<Record<string, string>>
}

type Stored = { privateKey: CryptoKey; publicKey: CryptoKey }

export function createDeviceKey(vault: Vault, now: () => number = Date.now): DeviceKey {
  let loading: Promise<{ privateKey: CryptoKey; publicKey: string }> | undefined

  async function load() {
    let pair = await vault.get<Stored>('deviceKey')
    if (!pair) {
      const made = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: DEVICE_CURVE }, false, [
        'sign',
        'verify',
      ])
      // Two frames of this origin making one at once: the first one stored is the device's.
      pair = await vault.update<Stored, Stored>('deviceKey', (current) =>
        current ? { result: current } : { value: made, result: made },
      )
    }
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
    return { privateKey: pair.privateKey, publicKey: base64url(raw) }
  }

  return {
    async headers(method, path) {
      loading ??= load().catch((error: unknown) => {
        loading = undefined
        throw error
      })
      const { privateKey, publicKey } = await loading
      return {
        [DEVICE_KEY_HEADER]: publicKey,
        [DEVICE_PROOF_HEADER]: await signDeviceProof(privateKey, method, path, now()),
      }
    },
  }
}
