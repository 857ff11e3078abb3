import type { TokenBalance } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { AccountErrorText } from '../../errors'
import { SendView } from './SendView'

// The behaviour these tests check: docs/behaviour.md#send.

const eth = { symbol: 'ETH', quantity: { decimals: '18', numeric: '1.23456' } } as TokenBalance
const usd = {
  symbol: 'tUSD',
  address: 'eip155:31337:0xabc',
  quantity: { decimals: '6', numeric: '10' },
} as TokenBalance

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Send: the form', () => {
  it('offers the balances as tokens, labels every field, and ties the error to the fields it is about', () => {
    const html = renderAccountView(<SendView />, {
      account: { tokenBalance: [eth, usd] },
      send: { token: usd, amount: '5', error: AccountErrorText.amountAndReceiverRequired },
    })
    expect(html).toContain('<option value="native">ETH<!-- --> — <!-- -->1.234<!-- --> available</option>')
    expect(html).toMatch(/<option value="eip155:31337:0xabc" selected="">tUSD/)
    for (const label of ['Token', 'Amount', 'Receiver address']) expect(html).toContain(`>${label}</label>`)
    const errorId = html.match(/role="alert" id="([^"]+)">An amount and receiver address are required/)?.[1]
    expect(errorId).toBeDefined()
    expect(html.match(new RegExp(`aria-describedby="${errorId}"`, 'g'))).toHaveLength(2)
    expect(html).toContain('>Max</button>')
    expect(html).toContain('>Preview send</button>')
  })
})
