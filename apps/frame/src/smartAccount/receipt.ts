import type { OperationReceipt } from '@allaccess/protocol'
import type { Hex } from 'viem'
import * as z from 'zod/mini'
import { ProviderError } from '../rpc'
import { SMART_ACCOUNT_TEXTS } from './config'

export type { OperationReceipt }

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))
const receiptSchema = z.object({
  userOpHash: hash,
  success: z.boolean(),
  logs: z.array(z.unknown()),
  receipt: z.object({ transactionHash: hash, blockHash: hash, blockNumber: quantity, gasUsed: quantity }),
})

/**
 * The bundler's eth_getUserOperationReceipt answer for `asked`, read as the chain data it is: null while pending, a
 * receipt of that operation in its shape, or the error saying it is neither (never a status made up of it).
 */
export function readReceipt(asked: Hex, answer: unknown): OperationReceipt | null {
  if (answer === null) return null
  const parsed = receiptSchema.safeParse(answer)
  if (!parsed.success || parsed.data.userOpHash.toLowerCase() !== asked.toLowerCase())
    throw new ProviderError(SMART_ACCOUNT_TEXTS.badReceipt, -32603)
  const { success, logs, receipt } = parsed.data
  return { success, logs, receipt: receipt as OperationReceipt['receipt'] }
}
