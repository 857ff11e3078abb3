import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'

describe('eth_accounts / eth_requestAccounts', () => {
  it('shows no account until approved, then asks only once', async () => {
    const { wallet, call, events, privateKey } = scriptedWalletForTest()
    const { address } = privateKeyToAccount(privateKey)
    expect(await call('eth_accounts')).toEqual([])

    expect(await call('eth_requestAccounts')).toEqual([address])
    wallet.rejectNext()
    expect(await call('eth_requestAccounts')).toEqual([address])

    expect(await call('eth_accounts')).toEqual([address])
    expect(events).toEqual([{ name: 'accountsChanged', payload: [address] }])
  })

  it('hides the account while locked and asks again to unlock', async () => {
    const { wallet, call, privateKey } = scriptedWalletForTest()
    await call('eth_requestAccounts')
    await wallet.emitAccountsChanged(null)
    expect(await call('eth_accounts')).toEqual([])

    wallet.rejectNext('eth_requestAccounts')
    await expect(call('eth_requestAccounts')).rejects.toMatchObject({ code: 4001 })
    expect(await call('eth_requestAccounts')).toEqual([privateKeyToAccount(privateKey).address])
  })

  it('emits connect again on the first grant after a disconnect', async () => {
    const { wallet, call, events } = scriptedWalletForTest()
    await call('eth_requestAccounts')
    await wallet.disconnect()
    expect(await call('eth_accounts')).toEqual([])

    await call('eth_requestAccounts')
    expect(events.map((event) => event.name)).toEqual([
      'accountsChanged',
      'disconnect',
      'connect',
      'accountsChanged',
    ])
    expect(events[2]).toEqual({ name: 'connect', payload: { chainId: '0x7a69' } })
  })
})
