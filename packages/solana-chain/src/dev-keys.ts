import { createHash } from 'node:crypto'
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'
import { DEV_KEY_COUNT } from './constants'

/**
 * The public development keys: key i's 32-byte ed25519 seed is SHA-256 of `all-access-pass solana dev key <i>`.
 * Anyone can sign with them; they hold value only on the local chain.
 */
export const devKeySeed = (label: string | number): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`all-access-pass solana dev key ${label}`).digest())

export type DevKey = { signer: KeyPairSigner; seed: Uint8Array }

async function devKey(label: string | number): Promise<DevKey> {
  const seed = devKeySeed(label)
  return { signer: await createKeyPairSignerFromPrivateKeyBytes(seed, true), seed }
}

/** The funded dev keys 0…9 (1000 SOL and 10,000 tUSD each at genesis). */
export const devKeys = (): Promise<DevKey[]> =>
  Promise.all(Array.from({ length: DEV_KEY_COUNT }, (_, index) => devKey(index)))

/** tUSD's mint address and its mint authority (dev key 0 mints more). */
export const tusdMintKey = () => devKey('tusd-mint')
/** The faucet requestAirdrop pays from. */
export const faucetKey = () => devKey('faucet')
