import { getBase58Encoder, getPublicKeyFromAddress, verifySignature } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { createSplitKey, rebuildKey } from '../keys'
import { deriveSolanaSeed, exportSolanaKey, SOLANA_KEY_INFO, solanaAccountOf } from './keys'

/** A fixed EVM secret (any 32 bytes), its Solana seed, address and exported key: pinned, so no change slips by. */
const SECRET = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const SEED = 'd3c663b5c879565c5729a384bb895050f38dfb67a055b0ef9dfaa174824e1f14'
const PUBLIC_KEY = '929ab21506f4af19a3dfebee1897ad89303770e1e11bb49e1e452426ed9a064a'
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('solana keys: derived from the wallet secret', () => {
  it('names its derivation once, versioned', () => {
    expect(SOLANA_KEY_INFO).toBe('allaccess/embedded-wallet/solana-ed25519/v1')
  })

  it('HKDF-SHA-256 of the secret gives the pinned seed (checked against node:crypto too)', async () => {
    expect(hex(await deriveSolanaSeed(SECRET))).toBe(SEED)
    const { hkdfSync } = await import('node:crypto')
    const node = hkdfSync('sha256', Buffer.from(SECRET.slice(2), 'hex'), Buffer.alloc(0), SOLANA_KEY_INFO, 32)
    expect(hex(new Uint8Array(node))).toBe(SEED)
  })

  it('gives the pinned address, and exports seed ‖ public key in base58', async () => {
    const account = await solanaAccountOf(SECRET)
    expect(account.address).toBe('AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV')
    const exported = await exportSolanaKey(SECRET)
    expect(exported.address).toBe(account.address)
    expect(exported.secretKey).toBe(
      '5EaNs4cyxRuSEM9rz4QP2LqCr9MCg3B65m83KXKxc4XjpRRnrpTbfzPQsffwMsiw1H9irMTkSxgtq8Afs2ToDnCy',
    )
    expect(hex(new Uint8Array(getBase58Encoder().encode(exported.secretKey)))).toBe(SEED + PUBLIC_KEY)
  })

  it('signs with the derived key (the signature verifies against the address)', async () => {
    const account = await solanaAccountOf(SECRET)
    const message = new TextEncoder().encode('hello')
    const signature = await account.sign(message)
    expect(signature).toHaveLength(64)
    const publicKey = await getPublicKeyFromAddress(account.address)
    // biome-ignore lint/suspicious/noExplicitAny: kit brands the signature bytes.
    expect(await verifySignature(publicKey, signature as any, message)).toBe(true)
  })

  it('the shares that rebuild the EVM key rebuild the same Solana account', async () => {
    const split = await createSplitKey()
    const one = await rebuildKey([split.deviceShare, split.authShare], split.address)
    const other = await rebuildKey([split.authShare, split.recoveryShare], split.address)
    expect((await solanaAccountOf(one)).address).toBe((await solanaAccountOf(other)).address)
  })
})
