import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'

describe('wallet_getCapabilities / wallet_getAssets', () => {
  it('answer 4200 unless the wallet is made with assetDiscovery', async () => {
    const { call } = scriptedWalletForTest()
    await call('eth_requestAccounts')
    await expect(call('wallet_getCapabilities', [])).rejects.toMatchObject({ code: 4200 })
    await expect(call('wallet_getAssets', [{}])).rejects.toMatchObject({ code: 4200 })
  })

  it('advertise asset discovery on the chains the wallet can read, to a site it is connected to', async () => {
    const { wallet, call } = scriptedWalletForTest({
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }, { id: 1 }],
      assetDiscovery: { tokens: [] },
    })
    await expect(call('wallet_getCapabilities', [wallet.address])).rejects.toMatchObject({ code: 4100 })
    await call('eth_requestAccounts')
    expect(await call('wallet_getCapabilities', [wallet.address])).toEqual({
      '0x7a69': { assetDiscovery: { supported: true } },
    })
    expect(await call('wallet_getAssets', [{ account: wallet.address, chainFilter: ['0x1'] }])).toEqual({})
  })
})
