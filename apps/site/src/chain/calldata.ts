import type { Address, Hex } from 'viem'

/**
 * The page's reads, encoded by hand: viem's general ABI codec (with its error classes) would be a sixth of the
 * page's first-load JavaScript, for five fixed calls and two fixed answer shapes. `calldata.test.ts` checks
 * every selector against the compiled ABIs and every encoding against viem's codec.
 */
export const SELECTORS = {
  price: '0xa035b1fe',
  maxSupply: '0xd5abeb01',
  totalMinted: '0xa2309ff8',
  walletLimit: '0x3c8463a1',
  mintedBy: '0x3cef28d2',
  tokenURI: '0xc87b56dd',
  aggregate3: '0x82ad56cb',
} as const satisfies Record<string, Hex>

const WORD_CHARS = 64

/** One 32-byte ABI word (no 0x) holding `value`. */
const word = (value: bigint | number) => value.toString(16).padStart(WORD_CHARS, '0')

/** A call of `selector` with static arguments (uint256 or address, each one word). */
export function callData(selector: Hex, ...args: (bigint | Address)[]): Hex {
  return `${selector}${args.map((arg) => (typeof arg === 'bigint' ? word(arg) : word(BigInt(arg)))).join('')}`
}

/** `aggregate3(calls)` to one target, every call required to succeed (`allowFailure: false`). */
export function encodeAggregate3(target: Address, calls: readonly Hex[]): Hex {
  // Each call is a tuple (address, bool, bytes): three head words, then the bytes' length and padded data.
  const tuples = calls.map((call) => {
    const bytes = call.slice(2)
    const padded = bytes.padEnd(Math.ceil(bytes.length / WORD_CHARS) * WORD_CHARS, '0')
    return `${word(BigInt(target))}${word(0)}${word(3 * 32)}${word(bytes.length / 2)}${padded}`
  })
  let offset = calls.length * 32
  const offsets = tuples.map((tuple) => {
    const at = offset
    offset += tuple.length / 2
    return word(at)
  })
  return `${SELECTORS.aggregate3}${word(32)}${word(calls.length)}${offsets.join('')}${tuples.join('')}`
}

/** Reads ABI-encoded answers, refusing any offset or length that points outside them. */
class AnswerReader {
  private readonly hex: string

  constructor(answer: Hex) {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(answer)) throw new Error('Malformed call answer')
    this.hex = answer.slice(2)
  }

  /** The word at byte position `at`, as a number small enough to be an offset or length. */
  size(at: number): number {
    const value = BigInt(`0x${this.chars(at, 32)}`)
    if (value > BigInt(this.hex.length / 2)) throw new Error('Malformed call answer')
    return Number(value)
  }

  /** `length` bytes from byte position `at`, as hex without 0x. */
  chars(at: number, length: number): string {
    if (at + length > this.hex.length / 2) throw new Error('Malformed call answer')
    return this.hex.slice(at * 2, (at + length) * 2)
  }

  /** The dynamic `bytes` whose head (offset word) is at `head`, relative to `base`. */
  bytes(base: number, head: number): string {
    const start = base + this.size(head)
    return this.chars(start + 32, this.size(start))
  }
}

/** The return data of each call in an `aggregate3` answer, in order. */
export function decodeAggregate3(answer: Hex): Hex[] {
  const reader = new AnswerReader(answer)
  const array = reader.size(0)
  const count = reader.size(array)
  const elements = array + 32
  return Array.from({ length: count }, (_, index) => {
    const tuple = elements + reader.size(elements + index * 32)
    return `0x${reader.bytes(tuple, tuple + 32)}` as Hex
  })
}

/** A function's single `string` answer. */
export function decodeString(answer: Hex): string {
  const reader = new AnswerReader(answer)
  const hex = reader.bytes(0, 0)
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  }
  return new TextDecoder().decode(bytes)
}
