import { type Hex, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'

const mail = {
  domain: { name: 'Mail', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'gm' },
} as const

describe('eth_signTypedData_v4', () => {
  it('accepts the typed data as an object too', async () => {
    const { call, privateKey } = scriptedWalletForTest()
    const { address } = privateKeyToAccount(privateKey)
    await call('eth_requestAccounts')
    const signature = (await call('eth_signTypedData_v4', [address, mail])) as Hex
    expect(await verifyTypedData({ address, signature, ...mail })).toBe(true)
  })

  it('answers -32602 to malformed typed data and 4100 before permission', async () => {
    const { call, privateKey } = scriptedWalletForTest()
    const { address } = privateKeyToAccount(privateKey)
    await expect(call('eth_signTypedData_v4', [address, JSON.stringify(mail)])).rejects.toMatchObject({
      code: 4100,
    })
    await call('eth_requestAccounts')
    await expect(call('eth_signTypedData_v4', [address, '{not json'])).rejects.toMatchObject({ code: -32602 })
    await expect(call('eth_signTypedData_v4', [address, { types: {} }])).rejects.toMatchObject({
      code: -32602,
    })
  })
})
