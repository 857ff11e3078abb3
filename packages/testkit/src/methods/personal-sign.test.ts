import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'

describe('personal_sign', () => {
  it('signs hex as raw bytes and text as text', async () => {
    const { call, privateKey } = scriptedWalletForTest()
    const { address } = privateKeyToAccount(privateKey)
    await call('eth_requestAccounts')

    const fromHex = (await call('personal_sign', ['0x6869', address])) as Hex
    expect(await verifyMessage({ address, message: 'hi', signature: fromHex })).toBe(true)
    const fromText = (await call('personal_sign', ['plain text', address])) as Hex
    expect(await verifyMessage({ address, message: 'plain text', signature: fromText })).toBe(true)
  })

  it('refuses an account the site was not given, and honours a rejection', async () => {
    const { wallet, call, privateKey } = scriptedWalletForTest()
    await call('eth_requestAccounts')
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    await expect(call('personal_sign', ['0x6869', stranger])).rejects.toMatchObject({ code: 4100 })

    wallet.rejectNext('personal_sign')
    const { address } = privateKeyToAccount(privateKey)
    await expect(call('personal_sign', ['0x6869', address])).rejects.toMatchObject({ code: 4001 })
  })
})
