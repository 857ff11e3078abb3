import { CALLS_STATUS } from '@allaccess/protocol'
import { bytesToHex, type Hex, numberToHex } from 'viem'

/** A network as the frame holds it: its chain id and the cloud gateway's RPC. */
type Network = { chainId: number; rpcUrl: string }

/** How long the frame remembers a `wallet_sendCalls` batch for `wallet_getCallsStatus`, at most this many. */
const CALL_BATCHES_KEPT = 100
/** EIP-5792: some calls of a batch sent one by one reverted, others did not. */
const PARTLY_REVERTED = 600

type TransactionReceipt = {
  status: Hex
  logs: unknown[]
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

/**
 * The batches an externally owned account sent one transaction per call (`wallet_sendCalls` without a smart
 * account), kept by the id the site was given, and their EIP-5792 status read from the transactions' receipts.
 */
export function createCallBatches(
  forward: (method: string, params: unknown, network: Network) => Promise<unknown>,
) {
  const batches = new Map<string, { chainId: number; hashes: Hex[] }>()
  return {
    /** Remembers the batch's transactions: the id to ask its status by. */
    keep(chainId: number, hashes: Hex[]): Hex {
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      batches.set(id, { chainId, hashes })
      if (batches.size > CALL_BATCHES_KEPT) batches.delete(batches.keys().next().value as string)
      return id
    },

    /** wallet_getCallsStatus of a batch kept here; undefined for an id this module never gave. */
    async status(id: string, on: Network) {
      const batch = batches.get(id)
      if (!batch) return undefined
      const receipts = (await Promise.all(
        batch.hashes.map((hash) => forward('eth_getTransactionReceipt', [hash], on)),
      )) as (TransactionReceipt | null)[]
      const done = receipts.every((receipt) => receipt !== null)
      const failed = receipts.some((receipt) => receipt?.status === '0x0')
      return {
        version: '2.0.0',
        id,
        chainId: numberToHex(batch.chainId),
        status: !done ? CALLS_STATUS.pending : failed ? PARTLY_REVERTED : CALLS_STATUS.confirmed,
        atomic: false,
        receipts: receipts.filter((receipt) => receipt !== null),
      }
    },
  }
}
