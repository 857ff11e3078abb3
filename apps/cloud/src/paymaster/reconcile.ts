import { addresses } from '@allaccess/chain/deployments'
import { decodeEventLog, encodeEventTopics, type Hex, numberToHex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { UpstreamError, type Upstreams } from '../gateway/upstream.js'
import type { Paid, SponsorshipStore } from './store.js'
import type { SponsorshipRow } from './tables.js'

/**
 * Seconds a grant's window must lie behind the chain's block before no event for it means it never ran: a few
 * blocks against a shallow reorg (the devnet has none).
 */
export const GRANT_MARGIN_SECONDS = 60
/** How many searches one reconcile makes of a chain at most (a backlog past that waits for the next request). */
export const SETTLE_ROUNDS = 4
/** The most grants one search settles (the hashes of one eth_getLogs). */
export const SETTLE_BATCH = 100
/**
 * The most blocks one search spans by default (PAYMASTER_SETTLE_BLOCKS: nodes limit eth_getLogs ranges); grants past
 * it wait for the next search, which starts where this one ended.
 */
export const SETTLE_MAX_BLOCKS = 10_000

const [USER_OPERATION_EVENT] = encodeEventTopics({ abi: entryPoint08Abi, eventName: 'UserOperationEvent' })

/**
 * JSON-RPC calls to the chain's upstream in one request (so one node answers all of them), their results in
 * order; UpstreamError when the node is down or answers any of them with an error or not at all.
 */
export async function chainCalls(
  upstreams: Upstreams,
  chainId: number,
  calls: [method: string, params: unknown[]][],
): Promise<unknown[]> {
  const body = calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))
  const text = await upstreams.post(chainId, JSON.stringify(body))
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch {
    throw new UpstreamError('answered JSON that does not parse')
  }
  const answers = Array.isArray(answer) ? (answer as { id?: unknown; result?: unknown }[]) : []
  return calls.map(([method], id) => {
    const found = answers.find((item) => item?.id === id)
    if (!found || !('result' in found)) throw new UpstreamError(`answered no result to ${method}`)
    return found.result
  })
}

/**
 * Settles a project's grants whose window has passed (docs/paymaster.md), lazily, before its caps are counted:
 * one eth_getLogs for the EntryPoint's UserOperationEvent of their hashes per chain. A grant is released only once
 * a block the search covered is past its window by the margin — the chain's clock, not the cloud's, says when it
 * can no longer run. A chain that cannot be read leaves them open.
 */
export class GrantReconciler {
  /** A project's search under way: the requests that come meanwhile wait for it rather than search again. */
  private readonly running = new Map<string, Promise<void>>()

  constructor(
    private readonly store: SponsorshipStore,
    private readonly upstreams: Upstreams,
    private readonly now: () => number,
    /** The most blocks one search spans (PAYMASTER_SETTLE_BLOCKS). */
    private readonly searchBlocks: number,
  ) {}

  reconcile(projectId: string): Promise<void> {
    const running = this.running.get(projectId)
    if (running) return running
    const search = this.search(projectId).finally(() => this.running.delete(projectId))
    this.running.set(projectId, search)
    return search
  }

  private async search(projectId: string): Promise<void> {
    const before = Math.floor(this.now() / 1000) - GRANT_MARGIN_SECONDS
    const settled = new Set<number>()
    // A backlog longer than one search's blocks takes a few searches: each starts where the last one ended.
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      const due = (await this.store.due(projectId, before, SETTLE_BATCH)).filter(
        (row) => !settled.has(row.chainId),
      )
      if (due.length === 0) return
      for (const chainId of new Set(due.map((row) => row.chainId))) {
        const more = await this.settleOn(
          chainId,
          due.filter((row) => row.chainId === chainId),
        ).catch((error: unknown) => {
          if (!(error instanceof UpstreamError)) throw error
          return false
        })
        if (!more) settled.add(chainId)
      }
    }
  }

  /** One search of `chainId` for `due`; whether grants wait in blocks past the one it searched to. */
  private async settleOn(chainId: number, due: SponsorshipRow[]): Promise<boolean> {
    // Grants from before blocks were recorded are searched from the chain's first block, on their own.
    const recorded = due.filter((row) => row.grantBlock !== null)
    const [head] = await chainCalls(this.upstreams, chainId, [['eth_blockNumber', []]])
    const latest = blockQuantity(head, 'eth_blockNumber')
    const from = recorded.length > 0 ? Math.min(...recorded.map((row) => row.grantBlock ?? 0)) : 0
    const to = recorded.length > 0 ? Math.min(latest, from + this.searchBlocks) : latest
    const searched = (recorded.length > 0 ? recorded : due).filter((row) => (row.grantBlock ?? 0) <= to)
    if (searched.length === 0) return false
    const [block, logs] = await chainCalls(this.upstreams, chainId, [
      ['eth_getBlockByNumber', [numberToHex(to), false]],
      [
        'eth_getLogs',
        [
          {
            address: addresses.entryPoint08,
            topics: [USER_OPERATION_EVENT, searched.map((row) => row.userOpHash)],
            fromBlock: numberToHex(from),
            toBlock: numberToHex(to),
          },
        ],
      ],
    ])
    // The node that searched must hold the block searched to, else its empty answer proves nothing.
    const timestamp = blockQuantity(
      (block as { timestamp?: unknown } | null)?.timestamp,
      'eth_getBlockByNumber',
    )
    const hashes = new Set(searched.map((row) => row.userOpHash.toLowerCase()))
    const paid = paidIn(logs).filter((event) => hashes.has(event.userOpHash))
    const ran = new Set(paid.map((event) => event.userOpHash))
    const unpaid = searched.filter((row) => !ran.has(row.userOpHash.toLowerCase()))
    const over = (row: SponsorshipRow) => row.validUntil + GRANT_MARGIN_SECONDS < timestamp
    const released = unpaid.filter(over).map((row) => row.userOpHash)
    // What still waits was searched up to `to`: the next search starts there, so a window longer than one
    // search's blocks moves on instead of searching the same blocks for ever.
    const searchedTo = unpaid.filter((row) => !over(row)).map((row) => row.userOpHash)
    await this.store.settle(paid, released, { hashes: searchedTo, block: to })
    return to < latest && (searchedTo.length > 0 || searched.length < due.length)
  }
}

/** The EntryPoint's UserOperationEvents among `logs`; UpstreamError for an answer that is no list of logs. */
function paidIn(logs: unknown): Paid[] {
  if (!Array.isArray(logs)) throw new UpstreamError('answered eth_getLogs with no list')
  const paid: Paid[] = []
  for (const log of logs as { address?: unknown; data?: Hex; topics?: Hex[]; removed?: boolean }[]) {
    if (typeof log?.address !== 'string')
      throw new UpstreamError('answered eth_getLogs with a log of no address')
    if (log.removed || log.address.toLowerCase() !== addresses.entryPoint08.toLowerCase()) continue
    try {
      const event = decodeEventLog({
        abi: entryPoint08Abi,
        eventName: 'UserOperationEvent',
        data: log.data ?? '0x',
        topics: (log.topics ?? []) as [Hex, ...Hex[]],
      })
      paid.push({ userOpHash: event.args.userOpHash.toLowerCase(), actualCostWei: event.args.actualGasCost })
    } catch {
      throw new UpstreamError('answered eth_getLogs with a log that is no UserOperationEvent')
    }
  }
  return paid
}

/** A block number or time as a number (13 hex digits stay exact). */
export function blockQuantity(value: unknown, method: string): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value))
    throw new UpstreamError(`answered ${method} with no block`)
  return Number(value)
}
