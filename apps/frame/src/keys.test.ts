import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createSplitKey, rebuildKey, ShareMismatchError } from './keys'

describe('keys: 2-of-3', () => {
  it('any two shares rebuild the key of the address; the shares differ', async () => {
    const wallet = await createSplitKey()
    const { deviceShare, authShare, recoveryShare, address } = wallet
    expect(new Set([deviceShare, authShare, recoveryShare]).size).toBe(3)
    const pairs: [`0x${string}`, `0x${string}`][] = [
      [deviceShare, authShare],
      [authShare, recoveryShare],
      [deviceShare, recoveryShare],
    ]
    const keys = await Promise.all(pairs.map((pair) => rebuildKey(pair, address)))
    expect(new Set(keys).size).toBe(1)
    expect(privateKeyToAddress(keys[0] as `0x${string}`)).toBe(address)
  })

  it('the key comes from the random source it is given, and no share is the key', async () => {
    const wallet = await createSplitKey((bytes) => bytes.fill(7))
    const key = `0x${'07'.repeat(32)}` as const
    expect(wallet.address).toBe(privateKeyToAddress(key))
    for (const share of [wallet.deviceShare, wallet.authShare, wallet.recoveryShare])
      expect(share.includes('07'.repeat(32))).toBe(false)
  })

  it("another wallet's share does not rebuild this wallet", async () => {
    const [one, other] = await Promise.all([createSplitKey(), createSplitKey()])
    await expect(rebuildKey([one.deviceShare, other.authShare], one.address)).rejects.toBeInstanceOf(
      ShareMismatchError,
    )
    // Two copies of one share are one share: not enough.
    await expect(rebuildKey([one.authShare, one.authShare], one.address)).rejects.toThrow()
  })
})
