import { describe, expect, it } from 'vitest'
import { ownUint8arrays } from './ownUint8arrays.js'
import * as own from './uint8arrays'

/** The package itself; its types don't resolve under its own `exports`, so it is typed as the replacement is. */
const PACKAGE = 'uint8arrays'
const original: typeof own = await import(/* @vite-ignore */ PACKAGE)

const samples = [
  new Uint8Array([]),
  new Uint8Array([0]),
  new Uint8Array([1]),
  new Uint8Array([2]),
  new Uint8Array([0, 0, 7, 255]),
  Uint8Array.from({ length: 97 }, (_, index) => (index * 37 + 11) % 256),
]

describe('uint8arrays for WalletConnect, on @scure/base', () => {
  it.each(['base10', 'base16', 'base64pad', 'base64url'])(
    '%s encodes and decodes as the package does',
    (encoding) => {
      for (const bytes of samples) {
        const text = original.toString(bytes, encoding)
        expect(own.toString(bytes, encoding)).toBe(text)
        expect(own.fromString(text, encoding)).toEqual(original.fromString(text, encoding))
      }
    },
  )

  it('utf8 is the default, both ways', () => {
    const text = 'wc@2:client//session ✓ ünï'
    expect(own.fromString(text)).toEqual(original.fromString(text))
    expect(own.toString(own.fromString(text))).toBe(text)
  })

  it('concatenates, to the length asked for', () => {
    const [a, b] = [samples[4] as Uint8Array, samples[5] as Uint8Array]
    expect(own.concat([a, b])).toEqual(original.concat([a, b]))
    expect(own.concat([a, b], 120)).toEqual(original.concat([a, b], 120))
  })

  it('refuses an encoding it does not carry, as the package refuses an unknown one', () => {
    expect(() => own.toString(new Uint8Array([1]), 'base58btc')).toThrow('Unsupported encoding "base58btc"')
    expect(() => own.fromString('x', 'nope')).toThrow('Unsupported encoding "nope"')
  })

  it("replaces the package only for WalletConnect's own modules", () => {
    const resolve = ownUint8arrays().resolveId as (source: string, importer?: string) => string | null
    const core = '/repo/node_modules/@walletconnect/core/dist/index.js'
    expect(resolve('uint8arrays', core)).toMatch(/modal\/vite\/uint8arrays\.ts$/)
    expect(resolve('uint8arrays/from-string', core)).toMatch(/modal\/vite\/uint8arrays\.ts$/)
    expect(resolve('uint8arrays', '/repo/src/main.ts')).toBeNull()
    expect(resolve('uint8arrays/xor', core)).toBeNull()
  })
})
