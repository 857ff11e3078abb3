import { createConfig, custom } from '@wagmi/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  RECEIPT_CONFIRMATIONS,
  RECEIPT_RETRY_COUNT,
  RECEIPT_RETRY_DELAY_MS,
  RECEIPT_WAIT_TIMEOUT_MS,
} from '../../app/constants'
import { devnet, devnetNetwork } from '../../testing/devnet'
import { createWalletActions } from './walletActions'

// The behaviour these tests check: docs/behaviour.md#send (the transaction wait: 180 s, 6 retries, a back-off of
// 200 ms that doubles), through viem's real receipt wait against a node that never sees the transaction.

const HASH = `0x${'ab'.repeat(32)}`
const WAIT = {
  timeoutMs: RECEIPT_WAIT_TIMEOUT_MS,
  confirmations: RECEIPT_CONFIRMATIONS,
  retryCount: RECEIPT_RETRY_COUNT,
  retryDelayMs: RECEIPT_RETRY_DELAY_MS,
}

/**
 * A node that mines a block each poll and knows no transaction `HASH` (nor its receipt) until `mine()`: each
 * look-up of the transaction is logged with the (fake) time it came.
 */
function pendingNode() {
  let block = 1n
  let mined = false
  const lookups: number[] = []
  const request = async ({ method }: { method: string }): Promise<unknown> => {
    if (method === 'eth_chainId') return '0x7a69'
    if (method === 'eth_blockNumber') return `0x${(block++).toString(16)}`
    if (method === 'eth_getTransactionByHash') {
      lookups.push(Date.now())
      return mined ? transaction() : null
    }
    if (method === 'eth_getTransactionReceipt') return mined ? receipt() : null
    throw new Error(`not served: ${method}`)
  }
  const transaction = () => ({
    hash: HASH,
    blockHash: `0x${'01'.repeat(32)}`,
    blockNumber: '0x1',
    from: `0x${'11'.repeat(20)}`,
    to: `0x${'22'.repeat(20)}`,
    nonce: '0x0',
    value: '0x0',
    gas: '0x5208',
    gasPrice: '0x1',
    input: '0x',
    transactionIndex: '0x0',
    type: '0x0',
    v: '0x1b',
    r: `0x${'33'.repeat(32)}`,
    s: `0x${'44'.repeat(32)}`,
  })
  const receipt = () => ({
    transactionHash: HASH,
    blockHash: `0x${'01'.repeat(32)}`,
    blockNumber: '0x1',
    from: `0x${'11'.repeat(20)}`,
    to: `0x${'22'.repeat(20)}`,
    status: '0x1',
    gasUsed: '0x5208',
    cumulativeGasUsed: '0x5208',
    effectiveGasPrice: '0x1',
    contractAddress: null,
    logs: [],
    logsBloom: `0x${'00'.repeat(256)}`,
    transactionIndex: '0x0',
    type: '0x0',
  })
  const config = createConfig({
    chains: [devnet],
    transports: { [devnet.id]: custom({ request }) },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  return { actions: createWalletActions(config), lookups, mine: () => (mined = true) }
}

afterEach(() => vi.useRealTimers())

describe('the transaction wait', () => {
  it('retries a transaction it cannot find 6 times, 200 ms after the first miss, doubling each time', async () => {
    vi.useFakeTimers({ now: 0 })
    const node = pendingNode()
    const waiting = node.actions.waitForTransaction(HASH, devnetNetwork, WAIT).catch((error: Error) => error)
    await vi.advanceTimersByTimeAsync(13_000)
    const [first = 0, ...retries] = node.lookups.slice(0, 7)
    expect(retries.map((at, index) => at - (node.lookups[index] ?? first))).toEqual([
      200, 400, 800, 1_600, 3_200, 6_400,
    ])
    node.mine()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await waiting).toEqual({ hash: HASH, status: 'success' })
  })

  it('gives up at 180 s, not before', async () => {
    vi.useFakeTimers({ now: 0 })
    const node = pendingNode()
    let outcome: unknown
    void node.actions.waitForTransaction(HASH, devnetNetwork, WAIT).then(
      (done) => (outcome = done),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(179_900)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(200)
    expect(outcome).toMatchObject({ name: 'WaitForTransactionReceiptTimeoutError' })
  })
})
