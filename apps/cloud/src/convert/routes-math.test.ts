import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountOut, best, candidatePaths, pricePath } from './routes-math.js'

describe('Uniswap V2 pricing', () => {
  it("is the router's getAmountOut: 997/1000 of the input swapped against the reserves, rounded down", () => {
    expect(amountOut(1000n, [1_000_000n, 1_000_000n])).toBe(996n)
    expect(amountOut(10n ** 16n, [10n ** 20n, 3n * 10n ** 11n])).toBe(29_907_018n)
    expect(amountOut(0n, [1n, 1n])).toBe(0n)
    expect(amountOut(1n, [0n, 5n])).toBe(0n)
  })

  it('never gives the whole reserve, and gives more for more', () => {
    const reserve = fc.bigInt({ min: 1000n, max: 10n ** 30n })
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), reserve, reserve, (amount, rIn, rOut) => {
        const out = amountOut(amount, [rIn, rOut])
        expect(out).toBeLessThan(rOut)
        expect(amountOut(amount + 1000n, [rIn, rOut])).toBeGreaterThanOrEqual(out)
      }),
    )
  })

  it("prices a path hop by hop, with the pools' fee and the price impact", () => {
    const one = pricePath(1000n, ['a', 'b'], [[1_000_000n, 1_000_000n]])
    expect(one?.amounts).toEqual([1000n, 996n])
    expect(one?.fee).toBe(3n)
    expect(one?.feePercent).toBe(0.3)
    expect(one?.priceImpact).toBeCloseTo(0.1, 1)
    const two = pricePath(
      1000n,
      ['a', 'b', 'c'],
      [
        [1_000_000n, 1_000_000n],
        [1_000_000n, 2_000_000n],
      ],
    )
    expect(two?.amounts).toEqual([1000n, 996n, 1984n])
    expect(two?.feePercent).toBe(0.5991)
    expect(pricePath(1000n, ['a', 'b'], [undefined])).toBeUndefined()
    expect(pricePath(1000n, ['a', 'b'], [[1n, 0n]])).toBeUndefined()
  })

  it('tries the direct path and one hop through each other token, and keeps the best', () => {
    expect(candidatePaths('a', 'c', ['a', 'b', 'c', 'd', 'b'])).toEqual([
      ['a', 'c'],
      ['a', 'b', 'c'],
      ['a', 'd', 'c'],
    ])
    const direct = pricePath(1000n, ['a', 'c'], [[1_000n, 1_000n]])
    const through = pricePath(
      1000n,
      ['a', 'b', 'c'],
      [
        [1_000_000n, 1_000_000n],
        [1_000_000n, 1_000_000n],
      ],
    )
    expect(best([direct, undefined, through])).toBe(through)
    expect(best([undefined])).toBeUndefined()
  })
})
