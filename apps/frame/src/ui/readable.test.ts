import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { readable } from './readable'

describe('readable: a message to sign is shown as its bytes say', () => {
  it('plain UTF-8 text, new lines and tabs included, is shown as text', () => {
    expect(readable(stringToHex('Sign in to example.com\n\tnonce: 42 — café'))).toBe(
      'Sign in to example.com\n\tnonce: 42 — café',
    )
  })

  it('text with control characters is shown as hex', () => {
    const data = stringToHex('a\u0000b')
    expect(readable(data)).toBe(data)
  })

  // A right-to-left override shows "Send 0001 SOL" for bytes that say "Send \u202E1000\u202C SOL"; invisible and
  // C1 characters hide text or read differently: what is signed would not be what is read.
  it.each([
    ['a right-to-left override', 'Pay \u202e0001\u202c SOL'],
    ['a bidi isolate', 'to \u2067evil\u2069.com'],
    ['a left-to-right mark', 'a\u200eb'],
    ['an Arabic letter mark', 'a\u061cb'],
    ['a zero-width space', 'exam\u200bple.com'],
    ['a zero-width joiner', 'a\u200db'],
    ['a word joiner', 'a\u2060b'],
    ['a byte order mark', '\ufeffhello'],
    ['a C1 control', 'a\u0085b'],
    ['DEL', 'a\u007fb'],
    ['a line separator', 'a\u2028b'],
  ])('text with %s is shown as hex', (_name, text) => {
    const data = stringToHex(text)
    expect(readable(data)).toBe(data)
  })
})

describe('readable: bytes that are not UTF-8', () => {
  it('are shown as hex', () => expect(readable('0x61ff62')).toBe('0x61ff62'))
})
