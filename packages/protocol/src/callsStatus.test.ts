import { describe, expect, it } from 'vitest'
import { CALLS_STATUS, operationCallsStatus } from './callsStatus'

const HASH = `0x${'ab'.repeat(32)}` as const
const receipt = (success: boolean) => ({
  success,
  logs: [{ address: '0x01' }],
  receipt: {
    transactionHash: HASH,
    blockHash: HASH,
    blockNumber: '0x5' as const,
    gasUsed: '0x5208' as const,
  },
})

describe("a batch sent as one operation: EIP-5792's status", () => {
  it('is 100 without a receipt, then 200 or 500 with the bundle transaction’s receipt, atomic', () => {
    expect(CALLS_STATUS).toEqual({ pending: 100, confirmed: 200, reverted: 500 })
    expect(operationCallsStatus('0x1', '0x7a69', null)).toEqual({
      version: '2.0.0',
      id: '0x1',
      chainId: '0x7a69',
      atomic: true,
      status: 100,
    })
    const done = {
      logs: [{ address: '0x01' }],
      blockHash: HASH,
      blockNumber: '0x5',
      gasUsed: '0x5208',
      transactionHash: HASH,
    }
    expect(operationCallsStatus('0x1', '0x7a69', receipt(true))).toMatchObject({
      status: 200,
      receipts: [{ ...done, status: '0x1' }],
    })
    expect(operationCallsStatus('0x1', '0x7a69', receipt(false))).toMatchObject({
      status: 500,
      receipts: [{ ...done, status: '0x0' }],
    })
  })
})
