import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest, TEST_ORIGIN } from '../../test/support/scripted'

const ACCOUNTS = [{ eth_accounts: {} }]

describe('wallet_*Permissions', () => {
  it('grants, lists and revokes eth_accounts', async () => {
    const { wallet, call, events, privateKey } = scriptedWalletForTest()
    const { address } = privateKeyToAccount(privateKey)
    expect(await call('wallet_getPermissions')).toEqual([])

    const granted = [
      {
        invoker: TEST_ORIGIN,
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
      },
    ]
    expect(await call('wallet_requestPermissions', ACCOUNTS)).toEqual(granted)
    expect(await call('wallet_getPermissions')).toEqual(granted)

    expect(await call('wallet_revokePermissions', ACCOUNTS)).toBeNull()
    expect(wallet.isPermitted).toBe(false)
    expect(await call('eth_accounts')).toEqual([])
    expect(events).toEqual([
      { name: 'accountsChanged', payload: [address] },
      { name: 'accountsChanged', payload: [] },
    ])
  })

  it('asks every time permissions are requested and refuses unknown permissions', async () => {
    const { wallet, call } = scriptedWalletForTest()
    await call('wallet_requestPermissions', ACCOUNTS)
    wallet.rejectNext('wallet_requestPermissions')
    await expect(call('wallet_requestPermissions', ACCOUNTS)).rejects.toMatchObject({ code: 4001 })
    await expect(call('wallet_requestPermissions', [{ snap_dialog: {} }])).rejects.toMatchObject({
      code: -32602,
    })
  })
})
