import { base64, base64urlnopad, hex, utils } from '@scure/base'

/**
 * `uint8arrays` for WalletConnect's core and utils, on the page's `@scure/base` instead of `multiformats` (whose
 * every base the package loads): only the encodings WalletConnect names — utf8, base10 (its envelope type byte),
 * base16, base64pad and base64url — and the same errors for any other. `uint8arrays.test.ts` checks each against
 * the package.
 */
type Codec = { encode: (bytes: Uint8Array) => string; decode: (text: string) => Uint8Array }

const base10 = utils.chain(utils.radix(10), utils.alphabet('0123456789'), utils.join(''))

const CODECS: Record<string, Codec> = {
  utf8: {
    encode: (bytes) => new TextDecoder().decode(bytes),
    decode: (text) => new TextEncoder().encode(text),
  },
  base10,
  base16: hex,
  base64pad: base64,
  base64url: base64urlnopad,
}

function codec(encoding: string): Codec {
  const found = CODECS[encoding]
  if (!found) throw new Error(`Unsupported encoding "${encoding}"`)
  return found
}

function bytesToString(array: Uint8Array, encoding = 'utf8'): string {
  return codec(encoding).encode(array)
}

// The package's name for it, which WalletConnect imports (and which shadows Object's `toString` if declared).
export { bytesToString as toString }

export function fromString(text: string, encoding = 'utf8'): Uint8Array {
  return codec(encoding).decode(text)
}

export function concat(arrays: readonly Uint8Array[], length?: number): Uint8Array {
  const total = length ?? arrays.reduce((sum, array) => sum + array.length, 0)
  const output = new Uint8Array(total)
  let offset = 0
  for (const array of arrays) {
    output.set(array, offset)
    offset += array.length
  }
  return output
}
