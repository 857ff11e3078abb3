import { operationCallsStatus } from '@allaccess/protocol'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../rpc'
import { SMART_ACCOUNT_TEXTS, smartAccountRoutes } from './config'
import { createUserOperations } from './userOperations'

/** What a hostile (or broken) bundler may answer eth_getUserOperationReceipt with: chain data, read as such. */
const HASH: Hex = `0x${'ab'.repeat(32)}`
const on = { chainId: 31337, rpcUrl: 'http://rpc.test' }
const routes = (chainId: number) => smartAccountRoutes('http://cloud.test', 'p1', chainId)

const receiptOf = (result: unknown) => {
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    const { id } = JSON.parse(String(init?.body)) as { id: number }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), {
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return createUserOperations({ routes, fetch }).receipt(HASH, on)
}

const GOOD = {
  userOpHash: HASH,
  success: true,
  logs: [],
  receipt: {
    transactionHash: `0x${'01'.repeat(32)}`,
    blockHash: `0x${'02'.repeat(32)}`,
    blockNumber: '0x5',
    gasUsed: '0x5208',
  },
}

describe("the bundler's receipt of an operation, attacked", () => {
  it('a well-formed receipt of the operation is its status', async () => {
    expect(operationCallsStatus('0x01', '0x7a69', await receiptOf(GOOD))).toMatchObject({ status: 200 })
    expect(await receiptOf(null)).toBeNull()
  })

  it.each([
    ['a success that is a string', { ...GOOD, success: 'false' }],
    ['no receipt', { userOpHash: HASH, success: true, logs: [] }],
    ['a receipt of another operation', { ...GOOD, userOpHash: `0x${'cd'.repeat(32)}` }],
    ['a block number that is not a quantity', { ...GOOD, receipt: { ...GOOD.receipt, blockNumber: 5 } }],
    ['logs that are not a list', { ...GOOD, logs: 'all fine' }],
    ['a string', 'included'],
  ])('%s is refused in words, not reported as a status', async (_name, answer) => {
    const error = await receiptOf(answer).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).message).toBe(SMART_ACCOUNT_TEXTS.badReceipt)
    expect(SMART_ACCOUNT_TEXTS.badReceipt).toBe(
      "The bundler's receipt of the operation is not one: its status is not known",
    )
  })
})
