import type { Modal } from '../app/modal'
import type { BatchCall } from '../chains/types'
import { accountFeature } from '../features/account/accountFeature'
import type { BatchAbility, BatchResult } from '../features/account/batches/createBatches'

export type { BatchAbility, BatchResult } from '../features/account/batches/createBatches'

/**
 * Atomic batches for a site's own UI (EIP-5792; docs/paymaster.md#sites): what the connected wallet can do, and
 * calls sent as one batch — its gas covered by the project's paymaster with `sponsored` — settled once mined.
 * Failures are `BatchError`s (`BatchErrorText`). Loads the account feature on first use.
 */
export type BatchCalls = {
  /** Whether the wallet sends atomic batches here, takes a paymaster, and whether a batch can be sponsored. */
  ability(): Promise<BatchAbility>
  /** Sends `calls` as one atomic batch and waits until it is mined (a 500 ms poll, 180 s at most). */
  send(calls: readonly BatchCall[], options?: { sponsored?: boolean }): Promise<BatchResult>
}

export function createBatchCalls(modal: Modal): BatchCalls {
  const batches = async () => {
    await modal.loadFeatures()
    return modal.feature(accountFeature).batches
  }
  return {
    ability: async () => (await batches()).ability(),
    send: async (calls, options) => (await batches()).send(calls, options),
  }
}
