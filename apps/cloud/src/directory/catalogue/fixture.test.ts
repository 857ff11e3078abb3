import { describe, expect, it } from 'vitest'
import { FIXTURE_HOMEPAGE_ORIGIN, generateWalletFixture } from './fixture.js'
import { parseCatalogue } from './schema.js'
import { seedWallets } from './seed.js'

describe('generateWalletFixture', () => {
  const fixture = generateWalletFixture()

  it('makes 1000 valid listings with unique ids, names and rdns by default', () => {
    expect(fixture).toHaveLength(1000)
    expect(parseCatalogue(fixture)).toHaveLength(1000)
    expect(new Set(fixture.map((wallet) => wallet.id)).size).toBe(1000)
    expect(new Set(fixture.map((wallet) => wallet.name)).size).toBe(1000)
  })

  it('is deterministic for a seed and different for another seed', () => {
    expect(generateWalletFixture(1000, 1)).toEqual(fixture)
    const other = generateWalletFixture(1000, 2)
    expect(other).not.toEqual(fixture)
    expect(other.map((wallet) => wallet.order)).not.toEqual(fixture.map((wallet) => wallet.order))
  })

  it('is clearly synthetic', () => {
    expect(fixture[0]?.name).toMatch(/^Fixture Wallet 0001 [A-Z][a-z]+$/)
    for (const wallet of fixture) {
      expect(wallet.homepage.startsWith(`${FIXTURE_HOMEPAGE_ORIGIN}/fixture-wallet-`)).toBe(true)
      expect([wallet.app_store, wallet.play_store, wallet.chrome_store]).toEqual([null, null, null])
    }
  })

  it('varies chains, rdns, links and badges', () => {
    const withRdns = fixture.filter((wallet) => wallet.rdns !== null).length
    expect(withRdns).toBeGreaterThan(200)
    expect(withRdns).toBeLessThan(500)
    expect(new Set(fixture.flatMap((wallet) => wallet.chains)).size).toBeGreaterThanOrEqual(10)
    expect(new Set(fixture.map((wallet) => wallet.chains.length)).size).toBeGreaterThan(3)
    expect(fixture.some((wallet) => wallet.mobile_link === null)).toBe(true)
    expect(fixture.some((wallet) => wallet.mobile_link !== null)).toBe(true)
    expect(fixture.some((wallet) => wallet.badge_type === 'certified')).toBe(true)
  })

  it('orders fixture wallets after the seed catalogue, each order used once', () => {
    const seedMaxOrder = Math.max(...seedWallets().map((wallet) => wallet.order))
    const orders = fixture.map((wallet) => wallet.order).sort((a, b) => a - b)
    expect(orders[0]).toBeGreaterThan(seedMaxOrder)
    expect(new Set(orders).size).toBe(1000)
    expect(orders.at(-1)).toBe((orders[0] ?? 0) + 999)
  })

  it('can be combined with the seed without id clashes', () => {
    expect(parseCatalogue([...seedWallets(), ...fixture])).toHaveLength(seedWallets().length + 1000)
  })

  it('handles other sizes', () => {
    expect(generateWalletFixture(0)).toEqual([])
    expect(generateWalletFixture(5).map((wallet) => wallet.id.slice(0, 19))).toEqual([
      'fixture-wallet-0001',
      'fixture-wallet-0002',
      'fixture-wallet-0003',
      'fixture-wallet-0004',
      'fixture-wallet-0005',
    ])
    expect(generateWalletFixture(10_000).at(-1)?.name).toMatch(/^Fixture Wallet 10000 /)
    expect(() => generateWalletFixture(-1)).toThrow(RangeError)
    expect(() => generateWalletFixture(1.5)).toThrow(RangeError)
  })
})
