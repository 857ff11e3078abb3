import { numberToHex } from 'viem'
import type { Batch, BatchCall } from '../types'
import { hexChainId } from './assetDiscovery'
import { BatchAnswerError } from './batchErrors'
import type { WalletRequest } from './walletRequest'

/** The EIP-5792 version the modal's batches are sent in. */
export const SEND_CALLS_VERSION = '2.0.0'

const toWalletCall = ({ to, data, value }: BatchCall) => ({
  to,
  ...(data ? { data } : {}),
  ...(value ? { value: numberToHex(value) } : {}),
})

/**
 * EIP-5792 `wallet_sendCalls`: the batch, all its calls or none (`atomicRequired`), from the connected account on
 * the batch's network. With a `paymasterUrl` it asks the wallet to have the gas paid by that ERC-7677 service
 * (`paymasterService`). Resolves with the batch's id (2.0's `{ id }`; 1.0 answered the id itself).
 */
export async function sendCalls(request: WalletRequest, batch: Batch): Promise<string> {
  const answer = await request('wallet_sendCalls', [
    {
      version: SEND_CALLS_VERSION,
      chainId: hexChainId(batch.network),
      from: batch.from,
      atomicRequired: true,
      calls: batch.calls.map(toWalletCall),
      ...(batch.paymasterUrl ? { capabilities: { paymasterService: { url: batch.paymasterUrl } } } : {}),
    },
  ])
  const id = typeof answer === 'string' ? answer : (answer as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || id === '') throw new BatchAnswerError('noBatchId')
  return id
}
