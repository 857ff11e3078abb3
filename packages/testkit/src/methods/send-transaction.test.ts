import { createPublicClient, type Hex, http, parseEther, parseGwei } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestAnvil, type TestAnvil } from '../../test/support/anvil'
import { scriptedWalletForTest } from '../../test/support/scripted'
import { fundedKey } from '../funded-key'

let anvil: TestAnvil

beforeAll(async () => {
  anvil = await startTestAnvil()
})

afterAll(async () => {
  await anvil?.stop()
})

async function connectedWallet(privateKey: Hex) {
  const test = scriptedWalletForTest({ privateKey, chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }, { id: 1 }] })
  await test.call('eth_requestAccounts')
  return test
}

const someone = () => privateKeyToAccount(generatePrivateKey()).address

describe('eth_sendTransaction', () => {
  it('keeps the fields the site chose: a legacy gasPrice and a nonce', async () => {
    const privateKey = await fundedKey(anvil.rpcUrl)
    const { call } = await connectedWallet(privateKey)
    const hash = (await call('eth_sendTransaction', [
      { to: someone(), value: '0x1', gasPrice: `0x${parseGwei('5').toString(16)}`, nonce: '0x0' },
    ])) as Hex

    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await client.waitForTransactionReceipt({ hash, timeout: 10_000 })
    expect(await client.getTransaction({ hash })).toMatchObject({
      type: 'legacy',
      gasPrice: parseGwei('5'),
      nonce: 0,
      from: privateKeyToAccount(privateKey).address.toLowerCase(),
    })
  })

  it('refuses a foreign from (4100) and a chain without RPC (4901)', async () => {
    const { wallet, call } = await connectedWallet(await fundedKey(anvil.rpcUrl))
    await expect(call('eth_sendTransaction', [{ from: someone(), to: someone() }])).rejects.toMatchObject({
      code: 4100,
    })
    await wallet.switchChain(1)
    await expect(call('eth_sendTransaction', [{ to: someone() }])).rejects.toMatchObject({ code: 4901 })
  })

  it("passes the node's complaint through when the account cannot pay", async () => {
    const { call, wallet } = await connectedWallet(generatePrivateKey())
    const sending = call('eth_sendTransaction', [
      { to: someone(), value: `0x${parseEther('1').toString(16)}` },
    ])
    await expect(sending).rejects.toMatchObject({ message: expect.stringMatching(/insufficient funds/i) })
    expect(wallet.requests.at(-1)).toMatchObject({ outcome: 'failed', error: { code: expect.any(Number) } })
  })
})
