import { isEqual as original } from 'es-toolkit/compat'
import { describe, expect, it } from 'vitest'
import { isEqual } from './isEqual'

const PAIRS: [unknown, unknown][] = [
  ['a1b2', 'a1b2'],
  ['a1b2', 'a1b3'],
  [1, '1'],
  [Number.NaN, Number.NaN],
  [null, undefined],
  [null, {}],
  [
    { topic: 'a', peer: { name: 'x', urls: ['u'] } },
    { peer: { urls: ['u'], name: 'x' }, topic: 'a' },
  ],
  [
    { topic: 'a', peer: { urls: ['u'] } },
    { topic: 'a', peer: { urls: ['v'] } },
  ],
  [{ a: 1 }, { a: 1, b: undefined }],
  [
    [1, [2, { c: 3 }]],
    [1, [2, { c: 3 }]],
  ],
  [[1, 2], { 0: 1, 1: 2 }],
  [[], []],
]

describe("deep equality for WalletConnect's store filters", () => {
  it.each(PAIRS)('agrees with es-toolkit on %j and %j', (a, b) => {
    expect(isEqual(a, b)).toBe(original(a, b))
    expect(isEqual(b, a)).toBe(original(b, a))
  })
})
