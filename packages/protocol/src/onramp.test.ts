import { describe, expect, it } from 'vitest'
import {
  fiatAmountSchema,
  ONRAMP_FALLBACK_LIMITS,
  ONRAMP_FEE_PERCENT_RANGE,
  ONRAMP_TEXTS,
  onrampDestinationCurrency,
  onrampLimitBroken,
  onrampLimitTexts,
  onrampUrlRequestSchema,
  onrampUrlSchema,
} from './onramp'

describe('the on-ramp contract', () => {
  it('pins the sandbox’s network and address texts (the local devnet and the local Solana chain)', () => {
    expect(ONRAMP_TEXTS.sandboxChain).toBe(
      'The sandbox provider delivers on the local devnet (chain 31337) and the local Solana chain only',
    )
    expect(ONRAMP_TEXTS.evmAddress).toBe('Enter an EVM address: 40 hex characters, 0x optional')
    expect(ONRAMP_TEXTS.solanaAddress).toBe('Enter a Solana address: 32 to 44 base58 characters')
  })

  it('takes a Solana destination wallet and refuses what is neither kind of address', () => {
    const wallet = (address: string) => ({ destinationWallets: [{ address }] })
    expect(
      onrampUrlRequestSchema.safeParse(wallet('9WFj7G3miYjqEuVcapNCo3MkCr47c3xoNtGdqxkpE6U6')).success,
    ).toBe(true)
    expect(onrampUrlRequestSchema.safeParse(wallet('0OIl-not-base58')).success).toBe(false)
  })

  it('holds the fee range and the card and bank account fallback limits (docs/behaviour.md#on-ramp)', () => {
    expect(ONRAMP_FEE_PERCENT_RANGE).toEqual({ min: 1, max: 2 })
    expect(ONRAMP_FALLBACK_LIMITS).toEqual({
      card: { min: 10, max: 7500 },
      ach_bank_account: { min: 10, max: 25_000 },
    })
  })

  it('says which limit an amount breaks, in words with grouped thousands', () => {
    expect(onrampLimitBroken(5, ONRAMP_FALLBACK_LIMITS.card)).toBe('min')
    expect(onrampLimitBroken(10, ONRAMP_FALLBACK_LIMITS.card)).toBeUndefined()
    expect(onrampLimitBroken(7500, ONRAMP_FALLBACK_LIMITS.card)).toBeUndefined()
    expect(onrampLimitBroken(7500.01, ONRAMP_FALLBACK_LIMITS.card)).toBe('max')
    expect(onrampLimitTexts.min('card', 10, 'USD')).toBe('The minimum purchase by card is 10 USD')
    expect(onrampLimitTexts.max('ach_bank_account', 25_000, 'EUR')).toBe(
      'The maximum purchase by bank account is 25,000 EUR',
    )
  })

  it('takes fiat amounts of at most 2 decimals, and the destination currency (docs/behaviour.md#on-ramp)', () => {
    for (const good of ['50', '49.9', '49.99', '0'])
      expect(fiatAmountSchema.safeParse(good).success, good).toBe(true)
    for (const bad of ['49.999', '-1', '1e3', '', ' 5', '5.'])
      expect(fiatAmountSchema.safeParse(bad).success, bad).toBe(false)
    expect(onrampDestinationCurrency('solana')).toBe('SOL')
    expect(onrampDestinationCurrency('eip155')).toBe('USDC')
  })

  it('takes one destination wallet in the generator’s body', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(onrampUrlRequestSchema.safeParse({ destinationWallets: [{ address }] }).success).toBe(true)
    expect(onrampUrlRequestSchema.safeParse({ destinationWallets: [] }).success).toBe(false)
    expect(onrampUrlRequestSchema.safeParse({ destinationWallets: [{ address }, { address }] }).success).toBe(
      false,
    )
    expect(onrampUrlRequestSchema.safeParse({ destinationWallets: [{ address: '0x12' }] }).success).toBe(
      false,
    )
  })

  it("takes only an http(s) page as the checkout: the modal opens it in a window of the page's own origin", () => {
    const url = 'http://127.0.0.1:8787/onramp/sandbox/checkout?orderId=o1'
    expect(onrampUrlSchema.safeParse({ url, orderId: 'o1' }).success).toBe(true)
    expect(onrampUrlSchema.safeParse({ url: 'javascript:alert(1)', orderId: 'o1' }).success).toBe(false)
  })
})
