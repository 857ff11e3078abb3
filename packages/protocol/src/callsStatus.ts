/** EIP-5792's `wallet_getCallsStatus` codes: pending, confirmed, and reverted on chain (all of it). */
export const CALLS_STATUS = { pending: 100, confirmed: 200, reverted: 500 } as const

type Hex = `0x${string}`

/** What a bundler's `eth_getUserOperationReceipt` answers (RPC form), as far as a batch's status needs it. */
export type OperationReceipt = {
  success: boolean
  receipt: { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex }
  logs: unknown[]
}

/**
 * EIP-5792's status of a batch sent as one ERC-4337 operation — atomic, so all of it or none: pending while there is
 * no receipt, then confirmed or reverted, with the bundle transaction's receipt and the operation's logs. The e-mail
 * wallet's frame and the testkit's wallet answer `wallet_getCallsStatus` with it.
 */
export function operationCallsStatus(id: string, chainId: Hex, found: OperationReceipt | null) {
  const status = { version: '2.0.0', id, chainId, atomic: true }
  if (!found) return { ...status, status: CALLS_STATUS.pending }
  const { transactionHash, blockHash, blockNumber, gasUsed } = found.receipt
  return {
    ...status,
    status: found.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
    receipts: [
      {
        logs: found.logs,
        status: found.success ? '0x1' : '0x0',
        blockHash,
        blockNumber,
        gasUsed,
        transactionHash,
      },
    ],
  }
}
