import {
  type Address,
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getBase58Decoder,
  signBytes,
} from '@solana/kit'
import { type Hex, hexToBytes } from 'viem'

/**
 * One secret, two families (docs/embedded-wallet.md#solana): the Solana key is derived from the wallet's own
 * 32-byte secret, so the shares that rebuild the EVM key rebuild this one too and nothing new is split or stored.
 * HKDF-SHA-256 (RFC 5869), no salt, this info string, 32 bytes: the ed25519 seed. Changing the string (or any part
 * of the derivation) gives every user another Solana address: a new version is a new string.
 */
export const SOLANA_KEY_INFO = 'allaccess/embedded-wallet/solana-ed25519/v1'
const SEED_BYTES = 32

/** The wallet's Solana account: its address and a signer; the seed stays inside the WebCrypto key. */
export type SolanaAccount = {
  address: Address
  sign(bytes: Uint8Array): Promise<Uint8Array>
}

/** The ed25519 seed of the wallet whose secret (the EVM private key) is `secret`. */
export async function deriveSolanaSeed(secret: Hex): Promise<Uint8Array> {
  const ikm = new Uint8Array(hexToBytes(secret))
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits'])
  ikm.fill(0)
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode(SOLANA_KEY_INFO),
    },
    key,
    SEED_BYTES * 8,
  )
  return new Uint8Array(bits)
}

/** The Solana account of the wallet whose secret is `secret`. */
export async function solanaAccountOf(secret: Hex): Promise<SolanaAccount> {
  const seed = await deriveSolanaSeed(secret)
  // Not extractable: once imported, the seed can only sign.
  const pair = await createKeyPairFromPrivateKeyBytes(seed, false)
  seed.fill(0)
  const address = await getAddressFromPublicKey(pair.publicKey)
  return {
    address,
    sign: async (bytes) => new Uint8Array(await signBytes(pair.privateKey, bytes)),
  }
}

/**
 * The Solana key as wallets import it (Phantom, Solflare, `solana-keygen`'s bytes): the 64 bytes seed ‖ public
 * key, in base58. Only for the export screen.
 */
export async function exportSolanaKey(secret: Hex): Promise<{ address: Address; secretKey: string }> {
  const seed = await deriveSolanaSeed(secret)
  const pair = await createKeyPairFromPrivateKeyBytes(seed, false)
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  const full = new Uint8Array(64)
  full.set(seed)
  full.set(publicKey, 32)
  seed.fill(0)
  const secretKey = getBase58Decoder().decode(full)
  full.fill(0)
  return { address: await getAddressFromPublicKey(pair.publicKey), secretKey }
}

const accounts = new WeakMap<object, Promise<SolanaAccount>>()
/** The Solana account of an unlocked wallet, derived once per unlock (`account` is that unlock's EVM account). */
export function solanaAccountFor(unlocked: { account: object; key: Hex }): Promise<SolanaAccount> {
  let derived = accounts.get(unlocked.account)
  if (!derived) {
    derived = solanaAccountOf(unlocked.key)
    accounts.set(unlocked.account, derived)
  }
  return derived
}
