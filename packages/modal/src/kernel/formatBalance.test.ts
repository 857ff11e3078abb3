import { describe, expect, it } from 'vitest'
import { formatBalance, truncateAmount } from './formatBalance'

// The behaviour these tests check: docs/behaviour.md#balance.

const ether = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))
}

describe('Balances: balance display is truncated to 3 decimals', () => {
  it('truncates instead of rounding', () => {
    expect(formatBalance(ether('9999.9999'), 18)).toBe('9999.999')
    expect(formatBalance(ether('0.0129'), 18)).toBe('0.012')
  })
  it('drops trailing zeros and shows whole numbers plainly', () => {
    expect(formatBalance(ether('1.5'), 18)).toBe('1.5')
    expect(formatBalance(ether('10000'), 18)).toBe('10000')
    expect(formatBalance(0n, 18)).toBe('0')
  })
  it('works for 6-decimal tokens and tiny amounts', () => {
    expect(formatBalance(1_234_567n, 6)).toBe('1.234')
    expect(formatBalance(1n, 18)).toBe('0')
  })
})

describe('Balances: a decimal amount is truncated to 3 decimals', () => {
  it('truncates amounts to 3 decimals, never rounding up', () => {
    expect(truncateAmount('1.23999')).toBe('1.239')
    expect(truncateAmount('5')).toBe('5')
    expect(truncateAmount('0.0001')).toBe('0')
    expect(truncateAmount('10.500')).toBe('10.5')
  })
})
