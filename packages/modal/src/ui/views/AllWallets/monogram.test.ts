import { describe, expect, it } from 'vitest'
import { monogramHue, monogramInitials } from './monogram'

describe('All Wallets monogram fallback', () => {
  it('takes the first letters of the first two words', () => {
    expect(monogramInitials('Trust Wallet')).toBe('TW')
    expect(monogramInitials('Safe{Wallet}')).toBe('SW')
    expect(monogramInitials('Fixture Wallet 0001 Aurora')).toBe('FW')
  })

  it('takes two letters of a single word and copes with no letters at all', () => {
    expect(monogramInitials('rabby')).toBe('RA')
    expect(monogramInitials('Ö')).toBe('Ö')
    expect(monogramInitials('  ')).toBe('?')
  })

  it('gives one wallet the same hue every time and different wallets different hues', () => {
    expect(monogramHue('metamask')).toBe(monogramHue('metamask'))
    expect(monogramHue('metamask')).not.toBe(monogramHue('rainbow'))
    expect(monogramHue('x'.repeat(1000))).toBeGreaterThanOrEqual(0)
    expect(monogramHue('x'.repeat(1000))).toBeLessThan(360)
  })
})
