import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/** 2-of-3: the device share (this browser), the auth share and the recovery share (both in the cloud). */
const SHARES = 3
const THRESHOLD = 2

export type SplitKey = { address: `0x${string}`; deviceShare: Hex; authShare: Hex; recoveryShare: Hex }

/**
 * A new wallet key from WebCrypto's randomness, split at once: the key itself is never stored anywhere, only
 * rebuilt in this frame's memory from two shares (docs/embedded-wallet.md#keys).
 */
export async function createSplitKey(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): Promise<SplitKey> {
  // A uniformly random 32-byte value is a valid secp256k1 key except with negligible probability; viem throws then.
  const secret = random(new Uint8Array(32))
  const key = bytesToHex(secret)
  const address = privateKeyToAddress(key)
  const [deviceShare, authShare, recoveryShare] = (await split(secret, SHARES, THRESHOLD)).map((share) =>
    bytesToHex(share),
  )
  secret.fill(0)
  if (!deviceShare || !authShare || !recoveryShare) throw new Error('The key did not split into 3 shares')
  return { address, deviceShare, authShare, recoveryShare }
}

/** Thrown when two shares do not rebuild the wallet's key: one of them is not this wallet's. */
export class ShareMismatchError extends Error {
  override name = 'ShareMismatchError'
}

/** The private key from any two of the wallet's shares, checked against the wallet's address. */
export async function rebuildKey(shares: [Hex, Hex], address: string): Promise<Hex> {
  const secret = await combine(shares.map((share) => hexToBytes(share)))
  const key = bytesToHex(secret)
  secret.fill(0)
  let rebuilt: string
  try {
    rebuilt = privateKeyToAddress(key)
  } catch {
    throw new ShareMismatchError('The shares do not rebuild a key')
  }
  if (rebuilt.toLowerCase() !== address.toLowerCase())
    throw new ShareMismatchError('The shares rebuild another wallet than this one')
  return key
}
