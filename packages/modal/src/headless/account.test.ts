import type { TokenBalance } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { bob } from '../testing/devnet'
import { mockModal } from '../testing/mockModal'
import { createBalances } from './balances'
import { createSendFlow } from './send'

// The behaviour these tests check: docs/behaviour.md#balance, #balances and #send, through a UI of one's own.

const ether: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  quantity: { decimals: '18', numeric: '1.5' },
} as TokenBalance

describe('createBalances', () => {
  it('without the cloud: the default balance in the network’s coin, and the tokens unavailable', async () => {
    // Made before the account feature loads (a connect loads it): nothing read yet.
    const { modal } = mockModal()
    const balances = createBalances(modal)
    expect(balances.getState()).toEqual({ balance: undefined, tokens: undefined, tokensStatus: 'idle' })
    await modal.connect('mock')
    await balances.load()
    // The devnet's RPC is not running here: the lookup fails, and the rule shows 0.00 ETH.
    expect(balances.getState()).toMatchObject({ balance: '0.00 ETH', tokensStatus: 'unavailable' })
    expect(balances.getState()).toBe(balances.getState())
  })
})

describe('createSendFlow', () => {
  it('checks the form by the Send view’s rules, with its texts', async () => {
    const { modal } = mockModal()
    const send = createSendFlow(modal)
    expect(send.getState()).toBeUndefined()
    await modal.connect('mock')
    await send.start(ether)
    expect(send.getState()).toMatchObject({ step: 'form', token: ether, amount: '', receiver: '' })
    send.setAmount('1')
    send.setReceiver('0x1234')
    await send.preview()
    expect(send.getState()?.error).toBe('The receiver address is not valid: 40 hex characters, 0x optional')
    send.setReceiver(bob)
    send.setAmount('2')
    await send.preview()
    expect(send.getState()).toMatchObject({ step: 'form', error: 'Not enough funds' })
    send.max()
    expect(send.getState()?.amount).toBe('1.5')
  })
})
