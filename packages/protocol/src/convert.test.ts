import { describe, expect, it } from 'vitest'
import { CONVERT_TEXTS, minimumReceived, SWAP_SLIPPAGE_DEFAULT, SWAP_SUPPORTED_CHAIN_IDS } from './convert'

describe('convert', () => {
  it('keeps the twelve swap chains and the default slippage (docs/behaviour.md#swaps)', () => {
    expect(SWAP_SUPPORTED_CHAIN_IDS).toEqual([
      1, 10, 56, 100, 137, 250, 324, 8453, 8217, 42161, 43114, 1313161554,
    ])
    expect(SWAP_SLIPPAGE_DEFAULT).toBe(1)
  })

  it("words an unserved network's refusals exactly as the product's catalogue does", () => {
    // Written out here, so a rewording of the constant that every other test compares with cannot pass unseen.
    expect(CONVERT_TEXTS.swapsUnsupported).toBe('Network not supported for Swaps')
    expect(CONVERT_TEXTS.gasPriceUnsupported).toBe('Network not supported for Gas Price')
  })

  it('takes the slippage off the quote, rounding down', () => {
    expect(minimumReceived(1000n, 1)).toBe(990n)
    expect(minimumReceived(1001n, 0.5)).toBe(995n)
    expect(minimumReceived(1000n, 0)).toBe(1000n)
    expect(minimumReceived(2n ** 200n, 50)).toBe(2n ** 199n)
  })
})
