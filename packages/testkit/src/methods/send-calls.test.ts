import { fundAccount } from '@allaccess/chain'
import { allAccessPassAbi, testUsdAbi } from '@allaccess/chain/deployments'
import { type BundlerDevnet, startBundlerDevnet } from '@allaccess/cloud'
import { createPublicClient, encodeFunctionData, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'
import { SEND_CALLS_VERSION } from './send-calls'

let stack: BundlerDevnet
let anvil: BundlerDevnet['anvil']
let cloud: BundlerDevnet['cloud']
let deployment: BundlerDevnet['deployment']

beforeAll(async () => {
  stack = await startBundlerDevnet()
  ;({ anvil, cloud, deployment } = stack)
}, 120_000)
afterAll(() => stack?.close())

const LOCAL_PROJECT = 'allaccess-local'
const cloudRoute = (route: string) =>
  `${cloud.url}/v1/${route}?chainId=eip155:31337&projectId=${LOCAL_PROJECT}`
const chainHex = '0x7a69'
const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })

/** A wallet holding `wei` on the devnet, its bundler the cloud's, connected to the site. */
async function smartWallet(wei: bigint) {
  const privateKey = generatePrivateKey()
  await fundAccount(anvil.rpcUrl, privateKeyToAccount(privateKey).address, wei)
  const test = scriptedWalletForTest({
    privateKey,
    chains: [{ id: 31337, rpcUrl: anvil.rpcUrl, bundlerUrl: cloudRoute('bundler') }, { id: 1 }],
  })
  await test.call('eth_requestAccounts')
  return test
}

const mintUsd = (to: Hex, amount: bigint) => ({
  to: deployment.addresses.testUsd,
  data: encodeFunctionData({ abi: testUsdAbi, functionName: 'mint', args: [to, amount] }),
})
const approveUsd = (spender: Hex, amount: bigint) => ({
  to: deployment.addresses.testUsd,
  data: encodeFunctionData({ abi: testUsdAbi, functionName: 'approve', args: [spender, amount] }),
})
const usdOf = (owner: Hex) =>
  client().readContract({
    address: deployment.addresses.testUsd,
    abi: testUsdAbi,
    functionName: 'balanceOf',
    args: [owner],
  })

async function settled(call: (method: string, params?: unknown) => Promise<unknown>, id: string) {
  for (let i = 0; i < 100; i++) {
    const status = (await call('wallet_getCallsStatus', [id])) as { status: number }
    if (status.status !== 100) return status as { status: number; receipts: { transactionHash: Hex }[] }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`batch ${id} still pending`)
}

describe('EIP-5792 through a 7702-delegated Simple7702Account', () => {
  it('says atomic is ready before the first batch and supported after it, with the paymaster service', async () => {
    const { wallet, call } = await smartWallet(parseEther('1'))
    expect(await call('wallet_getCapabilities', [wallet.address])).toEqual({
      [chainHex]: { atomic: { status: 'ready' }, paymasterService: { supported: true } },
    })
    const { id } = (await call('wallet_sendCalls', [
      {
        version: SEND_CALLS_VERSION,
        chainId: chainHex,
        from: wallet.address,
        atomicRequired: true,
        calls: [mintUsd(wallet.address, 5n)],
      },
    ])) as { id: string }
    expect((await settled(call, id)).status).toBe(200)
    expect(await call('wallet_getCapabilities', [wallet.address, [chainHex]])).toEqual({
      [chainHex]: { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(await client().getCode({ address: wallet.address })).toBe(
      `0xef0100${deployment.addresses.simple7702Account.slice(2).toLowerCase()}`,
    )
  })

  it('sends a batch as one transaction: both calls land, in order, and the account pays the gas', async () => {
    const { wallet, call } = await smartWallet(parseEther('1'))
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const { id } = (await call('wallet_sendCalls', [
      {
        version: SEND_CALLS_VERSION,
        chainId: chainHex,
        atomicRequired: true,
        calls: [mintUsd(wallet.address, 7n), approveUsd(spender, 7n)],
      },
    ])) as { id: string }
    const status = await settled(call, id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: chainHex, atomic: true, status: 200 })
    expect(status.receipts).toHaveLength(1)
    const [receipt] = status.receipts
    const tx = await client().getTransactionReceipt({ hash: receipt?.transactionHash as Hex })
    expect(tx.status).toBe('success')
    expect(await usdOf(wallet.address)).toBe(7n)
    expect(
      await client().readContract({
        address: deployment.addresses.testUsd,
        abi: testUsdAbi,
        functionName: 'allowance',
        args: [wallet.address, spender],
      }),
    ).toBe(7n)
    expect(await client().getBalance({ address: wallet.address })).toBeLessThan(parseEther('1'))
  })

  it('mints the pass with exactly its price when the paymaster service pays the gas', async () => {
    const price = deployment.passConfig.priceWei
    expect(price).toBe(parseEther('0.01'))
    const { wallet, call } = await smartWallet(price)
    const { id } = (await call('wallet_sendCalls', [
      {
        version: SEND_CALLS_VERSION,
        chainId: chainHex,
        atomicRequired: true,
        calls: [
          {
            to: deployment.addresses.allAccessPass,
            value: `0x${price.toString(16)}`,
            data: encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' }),
          },
        ],
        capabilities: { paymasterService: { url: cloudRoute('paymaster') } },
      },
    ])) as { id: string }
    expect((await settled(call, id)).status).toBe(200)
    expect(await client().getBalance({ address: wallet.address })).toBe(0n)
    expect(
      await client().readContract({
        address: deployment.addresses.allAccessPass,
        abi: allAccessPassAbi,
        functionName: 'balanceOf',
        args: [wallet.address],
      }),
    ).toBe(1n)
  })

  it("passes on the paymaster's refusal of calls outside the policy, and sends nothing", async () => {
    const { wallet, call } = await smartWallet(parseEther('1'))
    const sending = call('wallet_sendCalls', [
      {
        version: SEND_CALLS_VERSION,
        chainId: chainHex,
        calls: [mintUsd(wallet.address, 1n)],
        capabilities: { paymasterService: { url: cloudRoute('paymaster') } },
      },
    ])
    await expect(sending).rejects.toMatchObject({
      code: -32003,
      message: expect.stringContaining('(calls.contract)'),
    })
    expect(await usdOf(wallet.address)).toBe(0n)
    // Refused before the user was asked: no prompt for a batch that can't go as the site asked.
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'wallet_sendCalls', outcome: 'failed' })
  })

  it('does none of a batch whose last call would revert', async () => {
    const { wallet, call } = await smartWallet(parseEther('1'))
    const reverting = {
      to: deployment.addresses.allAccessPass,
      value: '0x1',
      data: encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' }),
    }
    await expect(
      call('wallet_sendCalls', [
        { version: SEND_CALLS_VERSION, chainId: chainHex, calls: [mintUsd(wallet.address, 3n), reverting] },
      ]),
    ).rejects.toMatchObject({ message: expect.stringContaining('reverted') })
    expect(await usdOf(wallet.address)).toBe(0n)
  })

  it('asks the user, and sends nothing when they reject', async () => {
    const { wallet, call } = await smartWallet(parseEther('1'))
    wallet.rejectNext('wallet_sendCalls')
    await expect(
      call('wallet_sendCalls', [
        { version: SEND_CALLS_VERSION, chainId: chainHex, calls: [mintUsd(wallet.address, 1n)] },
      ]),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await client().getCode({ address: wallet.address })).toBeUndefined()
  })

  it("refuses what it can't do with EIP-5792's codes", async () => {
    const { wallet, call } = await smartWallet(parseEther('1'))
    const batch = { version: SEND_CALLS_VERSION, chainId: chainHex, calls: [mintUsd(wallet.address, 1n)] }
    await expect(
      call('wallet_sendCalls', [{ ...batch, capabilities: { auxiliaryFunds: {} } }]),
    ).rejects.toMatchObject({ code: 5700 })
    await expect(call('wallet_sendCalls', [{ ...batch, chainId: '0x1' }])).rejects.toMatchObject({
      code: 5710,
    })
    await expect(call('wallet_getCallsStatus', ['0x1234'])).rejects.toMatchObject({ code: 5730 })
    await expect(call('wallet_sendCalls', [{ ...batch, version: '1.0' }])).rejects.toMatchObject({
      code: -32602,
    })
    await wallet.switchChain(1)
    await expect(call('wallet_sendCalls', [{ ...batch, chainId: '0x1' }])).rejects.toMatchObject({
      code: 5760,
    })
  })
})
