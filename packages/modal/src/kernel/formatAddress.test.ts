import { describe, expect, it } from 'vitest'
import { formatAddress } from './formatAddress'

describe('formatAddress', () => {
  it('keeps the 0x prefix, four characters on each side', () => {
    expect(formatAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
  })
  it('leaves short strings alone', () => {
    expect(formatAddress('0x1234')).toBe('0x1234')
  })
})
