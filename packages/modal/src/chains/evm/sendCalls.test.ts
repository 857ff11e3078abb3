import { allAccessPassAbi, testUsdAbi } from '@allaccess/chain/deployments'
import { encodeFunctionData, type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetNetwork } from '../../testing/devnet'
import { type SmartAccountStack, startSmartAccountStack } from '../../testing/smartAccountStack'
import { getCallsStatus } from './getCallsStatus'
import { SEND_CALLS_VERSION, sendCalls } from './sendCalls'
import type { WalletRequest } from './walletRequest'

let stack: SmartAccountStack
beforeAll(async () => {
  stack = await startSmartAccountStack()
}, 120_000)
afterAll(() => stack?.close())

async function settled(request: WalletRequest, id: string) {
  for (let i = 0; i < 100; i++) {
    const status = await getCallsStatus(request, id)
    if (status.status !== 'pending') return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`batch ${id} still pending`)
}

const passesOf = (owner: Hex) =>
  stack.client.readContract({
    address: stack.deployment.addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'balanceOf',
    args: [owner],
  })

describe('sendCalls (EIP-5792 wallet_sendCalls) through Alto and the cloud', () => {
  it('mints the pass with exactly its price: the paymaster service pays the gas', async () => {
    const price = stack.deployment.passConfig.priceWei
    expect(price).toBe(parseEther('0.01'))
    const { address, request } = await stack.wallet(price)
    const id = await sendCalls(request, {
      from: address,
      network: stack.network,
      calls: [stack.mint(price)],
      paymasterUrl: stack.route('paymaster'),
    })
    const status = await settled(request, id)
    expect(status).toMatchObject({
      status: 'success',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    expect(await passesOf(address)).toBe(1n)
    expect(await stack.client.getBalance({ address })).toBe(0n)
  })

  it("passes on the paymaster's refusal of a call outside the project's policy, and sends nothing", async () => {
    const { address, request } = await stack.wallet(parseEther('1'))
    const outside = {
      to: stack.deployment.addresses.testUsd,
      data: encodeFunctionData({ abi: testUsdAbi, functionName: 'mint', args: [address, 1n] }),
    }
    await expect(
      sendCalls(request, {
        from: address,
        network: stack.network,
        calls: [outside],
        paymasterUrl: stack.route('paymaster'),
      }),
    ).rejects.toMatchObject({ code: -32003, message: expect.stringContaining('(calls.contract)') })
    expect(await stack.client.getBalance({ address })).toBe(parseEther('1'))
  })

  it('asks the wallet for EIP-5792 2.0, atomic, on the hex chain id, the paymaster as a capability', async () => {
    const asked: unknown[][] = []
    const request: WalletRequest = async (method, params) => {
      asked.push([method, params])
      return { id: '0xab' }
    }
    const id = await sendCalls(request, {
      from: '0x1',
      network: devnetNetwork,
      calls: [{ to: '0x2', data: '0x12', value: 16n }, { to: '0x3' }],
      paymasterUrl: 'http://paymaster.invalid/',
    })
    expect(id).toBe('0xab')
    expect(asked).toEqual([
      [
        'wallet_sendCalls',
        [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: '0x1',
            atomicRequired: true,
            calls: [{ to: '0x2', data: '0x12', value: '0x10' }, { to: '0x3' }],
            capabilities: { paymasterService: { url: 'http://paymaster.invalid/' } },
          },
        ],
      ],
    ])
    expect(SEND_CALLS_VERSION).toBe('2.0.0')
  })

  it("takes EIP-5792 1.0's bare id, and refuses an answer without one", async () => {
    const batch = { from: '0x1', network: devnetNetwork, calls: [{ to: '0x2' }] }
    expect(await sendCalls(async () => '0xcd', batch)).toBe('0xcd')
    await expect(sendCalls(async () => ({}), batch)).rejects.toMatchObject({
      code: 'noBatchId',
      text: 'The wallet sent the batch but named no batch id',
    })
  })
})
