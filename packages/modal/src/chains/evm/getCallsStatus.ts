import type { BatchStatus } from '../types'
import { BatchAnswerError } from './batchErrors'
import type { WalletRequest } from './walletRequest'

type WalletStatus = { status?: unknown; receipts?: { transactionHash?: unknown }[] }

/** EIP-5792 2.0's status codes by their hundreds: 1xx pending, 2xx done, 4xx not included, 5xx/6xx reverted. */
function outcomeOf(code: unknown): BatchStatus['status'] | undefined {
  // 1.0 answered words.
  if (code === 'PENDING') return 'pending'
  if (code === 'CONFIRMED') return 'success'
  if (typeof code !== 'number') return undefined
  const hundreds = Math.floor(code / 100)
  if (hundreds === 1) return 'pending'
  if (hundreds === 2) return 'success'
  if (hundreds === 4) return 'failed'
  if (hundreds === 5 || hundreds === 6) return 'reverted'
  return undefined
}

/**
 * EIP-5792 `wallet_getCallsStatus([id])`: pending, or how the batch ended, with the hash of the transaction that
 * carried it (the last receipt's: an atomic batch has one).
 */
export async function getCallsStatus(request: WalletRequest, id: string): Promise<BatchStatus> {
  const answer = (await request('wallet_getCallsStatus', [id])) as WalletStatus | null
  const status = outcomeOf(answer?.status)
  if (!status) throw new BatchAnswerError('unreadableBatchStatus')
  if (status === 'pending') return { status }
  const hash = answer?.receipts?.at(-1)?.transactionHash
  return { status, transactionHash: typeof hash === 'string' ? hash : undefined }
}
