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
  /**
   * The cloud's time, as an answer of it said (CLOUD_TIME_HEADER): proofs are signed on the cloud's clock from then
   * on, whatever this device's clock says. True when that moved the clock the proofs are signed on by more than
   * CLOCK_RESYNC_MS (a request signed before it may have been refused as stale, and is worth signing again).
   */
  syncClock(cloudTime: number): boolean
}

/** A difference from the cloud's clock small enough to leave as it is (the network's delay, rounding). */
export const CLOCK_RESYNC_MS = 5000

type Stored = { privateKey: CryptoKey; publicKey: CryptoKey }

export function createDeviceKey(vault: Vault, now: () => number = Date.now): DeviceKey {
  /** The cloud's clock minus this device's, as last told. */
  let offset = 0
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
        [DEVICE_PROOF_HEADER]: await signDeviceProof(privateKey, method, path, now() + offset),
      }
    },
    syncClock(cloudTime) {
      const next = cloudTime - now()
      const moved = Math.abs(next - offset) > CLOCK_RESYNC_MS
      if (moved) offset = next
      return moved
    },
  }
}
