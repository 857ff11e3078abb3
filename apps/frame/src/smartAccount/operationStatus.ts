import type { Hex } from 'viem'
import type { ChainNetwork as Network } from './config'
import type { OperationReceipt } from './receipt'
import type { UserOperations } from './userOperations'

/** How often, and how long at most, the frame asks the bundler for an operation it waits on. */
export const OPERATION_POLL_MS = 500
export const OPERATION_WAIT_MS = 120_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The operation's receipt once it is included, or null when OPERATION_WAIT_MS passed without it. */
export async function waitForOperation(
  operations: Pick<UserOperations, 'receipt'>,
  hash: Hex,
  on: Network,
  { pollMs = OPERATION_POLL_MS, waitMs = OPERATION_WAIT_MS } = {},
): Promise<OperationReceipt | null> {
  const until = Date.now() + waitMs
  for (;;) {
    const receipt = await operations.receipt(hash, on)
    if (receipt || Date.now() + pollMs > until) return receipt
    await sleep(pollMs)
  }
}
