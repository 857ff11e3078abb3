import { describe, expect, it } from 'vitest'
import { monogramColour, monogramHue, monogramInitials } from './monogram'

describe('monogramInitials', () => {
  it.each([
    ['MetaMask', 'ME'],
    ['Trust Wallet', 'TW'],
    ['Safe{Wallet}', 'SW'],
    ["D'CENT Wallet", 'DC'],
    ['1inch Wallet', '1W'],
    ['Fixture Wallet 0001 Aurora', 'FW'],
    ['  rabby  ', 'RA'],
    ['Ω', 'Ω'],
    ['Ö', 'Ö'],
    ['<&">', '?'],
    ['  ', '?'],
    ['', '?'],
  ])('%j → %j', (name, initials) => {
    expect(monogramInitials(name)).toBe(initials)
  })
})

describe('monogram colour', () => {
  it('is the same for one seed and differs between seeds', () => {
    expect(monogramHue('metamask')).toBe(monogramHue('metamask'))
    expect(monogramHue('metamask')).not.toBe(monogramHue('rainbow'))
    expect(monogramColour('metamask')).toBe(monogramColour('metamask'))
    expect(monogramColour('metamask')).not.toBe(monogramColour('rainbow'))
  })

  it('is a hue in 0–359 for any seed, long or not Latin', () => {
    for (const seed of ['', 'a', 'x'.repeat(1000), '漢字', '🦊']) {
      expect(monogramHue(seed)).toBeGreaterThanOrEqual(0)
      expect(monogramHue(seed)).toBeLessThan(360)
      expect(Number.isInteger(monogramHue(seed))).toBe(true)
    }
  })

  it('is pinned to FNV-1a, so a wallet keeps its colour release after release', () => {
    // Published FNV-1a 32-bit values of '', 'a' and 'foobar'.
    expect([monogramHue(''), monogramHue('a'), monogramHue('foobar')]).toEqual([
      0x811c9dc5 % 360,
      0xe40c292c % 360,
      0xbf9cf968 % 360,
    ])
    expect(monogramColour('foobar')).toBe(`hsl(${0xbf9cf968 % 360} 55% 40%)`)
  })
})
