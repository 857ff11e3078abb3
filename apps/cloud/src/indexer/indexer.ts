import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import type { Upstreams } from '../gateway/index.js'
import { ChainIndexer, type StartBlock } from './chain-indexer.js'
import { LOCK_RETRY_MS, RETRY_FIRST_MS, RETRY_MAX_MS } from './limits.js'
import { ChainLock } from './lock.js'
import { ChainRpc } from './rpc.js'
import { IndexerStore, type TokenRef } from './store.js'

export type IndexerOptions = {
  db: Db
  /** Set (PostgreSQL): each chain is indexed by one process at a time, under an advisory lock. */
  databaseUrl: string | undefined
  upstreams: Upstreams
  log: FastifyBaseLogger
  pollMs: number
  batchBlocks: number
  /** Where a chain never indexed before starts. */
  startBlock(chainId: number): StartBlock
  /** ERC-20s known before any transfer of them is seen (the priced ones): their balances are read too. */
  knownTokens(chainId: number): readonly string[]
}

/**
 * The indexer service: one loop per chain with an upstream, each repeating bounded steps (blocks, then
 * metadata) until it catches up, then polling every `pollMs`. A failing step is logged and retried with a
 * doubling back-off; nothing a chain or a token answers stops the loop.
 */
export class Indexer {
  readonly store: IndexerStore
  private readonly stopping = new AbortController()
  private readonly loops: Promise<void>[] = []

  constructor(private readonly options: IndexerOptions) {
    this.store = new IndexerStore(options.db)
  }

  /** Starts following every chain the gateway has an upstream for. */
  start(): void {
    for (const chainId of this.options.upstreams.chains()) this.loops.push(this.follow(chainId))
  }

  async close(): Promise<void> {
    this.stopping.abort()
    await Promise.all(this.loops)
  }

  /**
   * Resolves once `chainId` is indexed up to its current head (that very block: a reorg at the head counts) and
   * no metadata read is pending; rejects after `timeoutMs`. For tests and benchmarks.
   */
  async synced(chainId: number, timeoutMs: number): Promise<void> {
    const rpc = new ChainRpc(this.options.upstreams, chainId)
    const deadline = Date.now() + timeoutMs
    const head = await rpc.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false])
    const number = Number(head.number)
    while (Date.now() < deadline) {
      const state = await this.store.chain(chainId)
      const stored = (await this.store.blockHashes(chainId, number, number)).get(number)
      if (state && state.nextBlock > number && stored === head.hash.toLowerCase())
        if (!(await this.store.metadataPending(chainId))) return
      await sleep(25)
    }
    throw new Error(`chain ${chainId} not indexed up to block ${number} within ${timeoutMs} ms`)
  }

  private async follow(chainId: number): Promise<void> {
    const { options } = this
    const log = options.log.child({ service: 'indexer', chainId })
    const known: TokenRef[] = options.knownTokens(chainId).map((address) => ({ address, standard: 'erc20' }))
    const chain = new ChainIndexer({
      rpc: new ChainRpc(options.upstreams, chainId),
      store: this.store,
      start: options.startBlock(chainId),
      batchBlocks: options.batchBlocks,
      knownTokens: known,
      log,
    })
    const lock = options.databaseUrl ? new ChainLock(options.databaseUrl, chainId) : undefined
    const signal = this.stopping.signal
    const pause = (ms: number) => sleep(ms, undefined, { signal }).catch(() => {})
    let failures = 0
    let behind = true
    while (!signal.aborted) {
      try {
        if (lock && !(await lock.hold())) {
          await pause(LOCK_RETRY_MS)
          continue
        }
        const outcome = await chain.step()
        const readSome = await chain.readMetadata()
        failures = 0
        const idle = outcome === 'idle' && !readSome
        if (idle && behind)
          log.info({ nextBlock: (await this.store.chain(chainId))?.nextBlock }, 'caught up with the head')
        behind = !idle
        if (idle) await pause(options.pollMs)
      } catch (error) {
        failures++
        log.warn({ err: error }, 'indexer step failed; retrying')
        await pause(Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 16)))
      }
    }
    await lock?.release()
  }
}
