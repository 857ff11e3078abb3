import { describe, expect, it } from 'vitest'
import { chainIdOfCoinType, coinTypeOfChainId } from './coinTypes'
import {
  labelInZone,
  labelProblem,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NAME_TEXTS,
  nameAttributesSchema,
  nameMessage,
  nameMessageSchema,
  nameTexts,
} from './names'

describe('the name rules', () => {
  it('at least 4 letters, digits or hyphens, at most a DNS label (docs/behaviour.md#names)', () => {
    expect(NAME_MIN_LENGTH).toBe(4)
    for (const label of ['abcd', 'a-b-', '0000', 'x'.repeat(NAME_MAX_LENGTH)])
      expect(labelProblem(label), label).toBeUndefined()
    expect(labelProblem('abc')).toBe(NAME_TEXTS.tooShort)
    expect(labelProblem('x'.repeat(NAME_MAX_LENGTH + 1))).toBe(NAME_TEXTS.tooLong)
    for (const label of ['ab_cd', 'abc d', 'Abcd', 'abçd', 'ab.cd', ''])
      expect(labelProblem(label), label).toBe(NAME_TEXTS.characters)
    expect(NAME_TEXTS.tooShort).toBe('A name needs at least 4 characters')
  })

  it('takes a bare label or a full name of the zone, in any case, and refuses other zones', () => {
    expect(labelInZone('Alice.AllAccess.eth', 'allaccess.eth')).toEqual({ label: 'alice' })
    expect(labelInZone(' bobby ', 'allaccess.eth')).toEqual({ label: 'bobby' })
    expect(labelInZone('alice.other.eth', 'allaccess.eth')).toEqual({
      problem: nameTexts.zone('allaccess.eth'),
    })
    expect(labelInZone('sub.alice.allaccess.eth', 'allaccess.eth')).toEqual({
      problem: 'Names end in .allaccess.eth',
    })
    expect(labelInZone('abc.allaccess.eth', 'allaccess.eth')).toEqual({ problem: NAME_TEXTS.tooShort })
    expect(labelInZone('a_bc', 'allaccess.eth')).toEqual({ problem: NAME_TEXTS.characters })
  })

  it('ENSIP-11 coin types; Invalid chainId from 2147483648 (docs/behaviour.md#names)', () => {
    expect(coinTypeOfChainId(1)).toBe(60)
    expect(coinTypeOfChainId(10)).toBe(2147483658)
    expect(coinTypeOfChainId(31337)).toBe(0x80007a69)
    expect(coinTypeOfChainId(2147483647)).toBe(0xffffffff)
    for (const chainId of [2147483648, 2 ** 40, -1, 1.5, Number.NaN])
      expect(() => coinTypeOfChainId(chainId), String(chainId)).toThrow('Invalid chainId')
    for (const chainId of [1, 10, 8453, 31337, 2147483647])
      expect(chainIdOfCoinType(coinTypeOfChainId(chainId))).toBe(chainId)
    for (const coinType of [0, 1, 61, 0x7fffffff, 2 ** 32, -60])
      expect(chainIdOfCoinType(coinType)).toBeUndefined()
  })

  it('the message is JSON of name, attributes and a unix timestamp in seconds (docs/behaviour.md#names)', () => {
    const text = nameMessage('alice.allaccess.eth', { avatar: 'https://x/a.png' }, 1_790_000_000)
    expect(JSON.parse(text)).toEqual({
      name: 'alice.allaccess.eth',
      attributes: { avatar: 'https://x/a.png' },
      timestamp: 1_790_000_000,
    })
    expect(nameMessageSchema.safeParse(JSON.parse(text)).success).toBe(true)
    expect(nameMessageSchema.safeParse({ name: 'x', attributes: {}, timestamp: 1.5 }).success).toBe(false)
    expect(nameAttributesSchema.safeParse({ description: 'hi' }).success).toBe(true)
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']))
    expect(nameAttributesSchema.safeParse(many).success).toBe(false)
    expect(nameAttributesSchema.safeParse({ '': 'v' }).success).toBe(false)
  })
})
