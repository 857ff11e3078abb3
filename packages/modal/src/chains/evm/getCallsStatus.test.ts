import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmartAccountStack, startSmartAccountStack } from '../../testing/smartAccountStack'
import { getCallsStatus } from './getCallsStatus'
import { sendCalls } from './sendCalls'

let stack: SmartAccountStack
beforeAll(async () => {
  stack = await startSmartAccountStack()
}, 120_000)
afterAll(() => stack?.close())

const answering = (answer: unknown) => async () => answer

describe('getCallsStatus (EIP-5792 wallet_getCallsStatus)', () => {
  it('a batch is pending until mined, then done, with the hash of the transaction that carried it', async () => {
    const { address, request } = await stack.wallet(parseEther('1'))
    const price = stack.deployment.passConfig.priceWei
    const id = await sendCalls(request, { from: address, network: stack.network, calls: [stack.mint(price)] })
    let last = await getCallsStatus(request, id)
    for (let i = 0; i < 100 && last.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      last = await getCallsStatus(request, id)
    }
    expect(last.status).toBe('success')
    const hash = last.status === 'pending' ? undefined : last.transactionHash
    const receipt = await stack.client.getTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
  })

  it("an id the wallet doesn't know is the wallet's own refusal (5730)", async () => {
    const { request } = await stack.wallet(0n)
    await expect(getCallsStatus(request, '0x1234')).rejects.toMatchObject({ code: 5730 })
  })

  it("reads EIP-5792's codes by their hundreds and 1.0's words", async () => {
    const read = (answer: unknown) => getCallsStatus(answering(answer), '0x1')
    const receipts = [{ transactionHash: '0xaa' }]
    expect(await read({ status: 100 })).toEqual({ status: 'pending' })
    expect(await read({ status: 200, receipts })).toEqual({ status: 'success', transactionHash: '0xaa' })
    expect(await read({ status: 400 })).toEqual({ status: 'failed', transactionHash: undefined })
    expect(await read({ status: 500, receipts })).toEqual({ status: 'reverted', transactionHash: '0xaa' })
    expect(await read({ status: 600, receipts })).toEqual({ status: 'reverted', transactionHash: '0xaa' })
    expect(await read({ status: 'PENDING' })).toEqual({ status: 'pending' })
    expect(await read({ status: 'CONFIRMED', receipts })).toEqual({
      status: 'success',
      transactionHash: '0xaa',
    })
    for (const answer of [null, {}, { status: 300 }, { status: '200' }])
      await expect(read(answer)).rejects.toMatchObject({
        code: 'unreadableBatchStatus',
        text: 'The wallet’s status of the batch can’t be read',
      })
  })
})
