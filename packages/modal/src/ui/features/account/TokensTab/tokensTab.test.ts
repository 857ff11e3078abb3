import { describe, expect, it } from 'vitest'
import { totalValue } from './TokensTab'

// The behaviour these tests check: docs/behaviour.md#balances.

const balance = (value: number | undefined) => ({
  name: 'T',
  symbol: 'T',
  chainId: 'eip155:31337',
  price: 1,
  ...(value === undefined ? {} : { value }),
  quantity: { decimals: '6', numeric: '1' },
  iconUrl: '',
})

describe('Tokens: the total', () => {
  it('adds the values that are known; an unpriced token adds nothing', () => {
    expect(totalValue([balance(5), balance(undefined), balance(0.25)])).toBe(5.25)
    expect(totalValue([])).toBe(0)
  })
})
