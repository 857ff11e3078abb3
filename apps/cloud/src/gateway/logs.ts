import type { RpcError, RpcRequest } from './rpc.js'
import { RpcErrorCode } from './rpc.js'

export type LogLimits = { maxBlockRange: number; maxResults: number }

/** Tags that name the chain's head (or near it); `earliest` is block 0. */
const HEAD_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/

type Filter = { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown }

/** A block of a filter as a number, `head` for the head tags; undefined when the node should judge it. */
function blockOf(value: unknown): number | 'head' | undefined {
  if (value === undefined || (typeof value === 'string' && HEAD_TAGS.has(value))) return 'head'
  if (value === 'earliest') return 0
  return typeof value === 'string' && QUANTITY.test(value) ? Number.parseInt(value, 16) : undefined
}

/**
 * Refuses an `eth_getLogs` whose block range is over the limit, before the node does the work. A range ending
 * at the head asks `head()` (the chain's block number, fetched once per request) to measure it.
 */
export async function checkLogRange(
  request: RpcRequest,
  limits: LogLimits,
  head: () => Promise<number>,
): Promise<RpcError | undefined> {
  const filter = (Array.isArray(request.params) ? request.params[0] : undefined) as Filter | undefined
  if (typeof filter !== 'object' || filter === null || filter.blockHash !== undefined) return undefined
  const from = blockOf(filter.fromBlock)
  const to = blockOf(filter.toBlock)
  if (from === undefined || to === undefined || (from === 'head' && to === 'head')) return undefined
  const fromBlock = from === 'head' ? await head() : from
  const toBlock = to === 'head' ? await head() : to
  if (toBlock - fromBlock <= limits.maxBlockRange) return undefined
  return {
    code: RpcErrorCode.invalidParams,
    message: `eth_getLogs block range is over the limit of ${limits.maxBlockRange} blocks`,
  }
}

/** The error replacing an `eth_getLogs` answer with more logs than the gateway passes on. */
export function tooManyLogs(result: unknown, limits: LogLimits): RpcError | undefined {
  if (!Array.isArray(result) || result.length <= limits.maxResults) return undefined
  return {
    code: RpcErrorCode.limitExceeded,
    message: `eth_getLogs returned more than ${limits.maxResults} logs: narrow the block range or the filter`,
  }
}
