import { createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { AccountErrorText } from '../../errors'
import { TokensTab, totalValue } from './TokensTab'

// The behaviour these tests check: docs/behaviour.md#balances.

const balance = (symbol: string, numeric: string, value: number | undefined) => ({
  name: symbol === 'ETH' ? 'Ether' : 'Test USD',
  symbol,
  chainId: 'eip155:31337',
  ...(symbol === 'ETH' ? {} : { address: `eip155:31337:0x${symbol}` }),
  price: 1,
  ...(value === undefined ? {} : { value }),
  quantity: { decimals: '6', numeric },
  iconUrl: symbol === 'ETH' ? '' : 'http://cloud.test/icon.png',
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Tokens', () => {
  it('adds the values that are known; an unpriced token adds nothing', () => {
    expect(totalValue([balance('A', '1', 5), balance('B', '1', undefined), balance('C', '1', 0.25)])).toBe(
      5.25,
    )
    expect(totalValue([])).toBe(0)
  })

  it('lists icon, name, amount (3 decimals) and USD value, and the total', () => {
    const html = renderAccountView(createElement(TokensTab), {
      account: {
        tokenBalanceStatus: 'ready',
        tokenBalance: [balance('ETH', '2.34567', 4000.5), balance('tUSD', '10', undefined)],
      },
    })
    expect(html).toContain('<span>$4,000.50</span>')
    expect(html).toContain('<ul class="list" aria-label="Tokens">')
    expect(html).toContain('2.345<!-- --> <!-- -->ETH')
    expect(html).toContain('<img class="token-icon" src="http://cloud.test/icon.png" alt=""')
    expect(html).toContain('<span class="token-value">—</span>')
  })

  it("says 'Token Balance Unavailable' when the balances are, and waits while they first load", () => {
    const html = renderAccountView(createElement(TokensTab), {
      account: { tokenBalanceStatus: 'unavailable', tokenBalance: [] },
    })
    expect(html).toContain(`role="status">${AccountErrorText.tokenBalanceUnavailable}</p>`)
    expect(renderAccountView(createElement(TokensTab))).toContain('Loading tokens')
  })
})
