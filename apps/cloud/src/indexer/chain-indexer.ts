import type { FastifyBaseLogger } from 'fastify'
import { CloudError } from '../errors.js'
import { UpstreamError } from '../gateway/index.js'
import { type DecodedTransfer, decodeTransfers, type RawLog, TRANSFER_TOPICS } from './events.js'
import { BLOCKS_PER_REQUEST, METADATA_PER_STEP, RECEIPTS_PER_REQUEST, REORG_WINDOW } from './limits.js'
import { readNftMetadata, readTokenMetadata } from './metadata.js'
import {
  lower,
  type NativeTransfer,
  type RawBlock,
  type RawReceipt,
  type RawTransaction,
  rangeRows,
} from './range-rows.js'
import { type ChainRpc, RpcCallError } from './rpc.js'
import type { BlockRange, IndexerStore, TokenRef } from './store.js'

/** Where to start a chain never indexed before: a block number, or the head at that moment. */
export type StartBlock = number | 'head'

export type ChainIndexerOptions = {
  rpc: ChainRpc
  store: IndexerStore
  start: StartBlock
  batchBlocks: number
  /** Tokens registered (for their metadata and balances) when the chain's indexing starts. */
  knownTokens: readonly TokenRef[]
  log: FastifyBaseLogger
}

/** What a step did: stored blocks, rolled back, re-indexed a reset chain, or found nothing new. */
export type StepOutcome = 'indexed' | 'rolled-back' | 'reset' | 'retry' | 'idle'

/** The chain moved under a step (a block or log of another fork answered): the step is retried. */
class ChainMoved extends CloudError<'chainMoved'> {
  constructor() {
    super('chainMoved', 'the chain moved under the step')
  }
}

const hex = (n: number) => `0x${n.toString(16)}`

/**
 * Follows one chain into the store, one bounded step at a time: a range of at most `batchBlocks` blocks per
 * step, checked against the stored parent hashes (a mismatch rolls the orphaned blocks back) and the genesis
 * hash (another genesis re-indexes the chain from scratch). Steps are idempotent: a crash between two leaves the
 * checkpoint on the last stored block.
 */
export class ChainIndexer {
  readonly chainId: number

  constructor(private readonly options: ChainIndexerOptions) {
    this.chainId = options.rpc.chainId
  }

  /** One step; the caller repeats it while it answers anything but 'idle'. */
  async step(): Promise<StepOutcome> {
    const { rpc, store } = this.options
    const [genesis, headHex] = await rpc.batch([
      { method: 'eth_getBlockByNumber', params: ['0x0', false] },
      { method: 'eth_blockNumber', params: [] },
    ])
    if (genesis instanceof RpcCallError || headHex instanceof RpcCallError || typeof headHex !== 'string')
      throw new UpstreamError('answered no genesis block or head')
    const genesisHash = lower((genesis as { hash: string }).hash)
    const head = Number(headHex)
    let state = await store.chain(this.chainId)
    if (state && state.genesisHash !== genesisHash) {
      this.options.log.warn(
        { chainId: this.chainId },
        'chain reset (genesis changed): re-indexing from scratch',
      )
      await store.forgetChain(this.chainId)
      return 'reset'
    }
    if (!state) {
      const { start } = this.options
      await store.startChain(this.chainId, genesisHash, start === 'head' ? head : start)
      await store.addTokens(this.chainId, this.options.knownTokens)
      state = await store.chain(this.chainId)
      if (!state) return 'retry'
    }
    const from = state.nextBlock
    const to = Math.min(head, from + this.options.batchBlocks - 1)
    if (from > state.startBlock && !(await this.parentStillThere(from - 1, head))) {
      await this.rollBack(from - 1, state.startBlock)
      return 'rolled-back'
    }
    if (from > head) return 'idle'
    try {
      const range = await this.fetchRange(from, to, from > state.startBlock ? from - 1 : undefined)
      if (!(await store.commit(this.chainId, from, to + 1, range))) return 'retry'
    } catch (error) {
      if (error instanceof ChainMoved) return 'retry'
      throw error
    }
    return 'indexed'
  }

  /** Reads metadata of up to METADATA_PER_STEP new tokens and NFTs; true when some were read. */
  async readMetadata(): Promise<boolean> {
    const { rpc, store } = this.options
    const tokens = await store.pendingTokens(this.chainId, METADATA_PER_STEP)
    for (const token of tokens)
      await store.saveToken(
        this.chainId,
        token.address,
        await readTokenMetadata(rpc, token.address, token.standard),
      )
    const nfts = await store.pendingNfts(this.chainId, METADATA_PER_STEP)
    for (const nft of nfts)
      await store.saveNft(
        this.chainId,
        nft,
        await readNftMetadata(rpc, nft.contract, nft.tokenId, nft.standard),
      )
    const readSome = tokens.length > 0 || nfts.length > 0
    if (readSome) await store.bumpVersion()
    return readSome
  }

  /** Whether the stored block `number` is still on the chain. */
  private async parentStillThere(number: number, head: number): Promise<boolean> {
    if (number > head) return false
    const stored = (await this.options.store.blockHashes(this.chainId, number, number)).get(number)
    if (stored === undefined) return true
    const [block] = await this.blocks(number, number, false)
    return block !== undefined && lower(block.hash) === stored
  }

  /**
   * Finds the newest stored block still on the chain (looking back at most REORG_WINDOW blocks) and rolls back
   * everything above it. When none is found, the chain is indexed again from its start.
   */
  private async rollBack(tip: number, startBlock: number): Promise<void> {
    const { store, log } = this.options
    const lowest = Math.max(startBlock, tip - REORG_WINDOW + 1)
    const stored = await store.blockHashes(this.chainId, lowest, tip)
    for (let top = tip; top >= lowest; top -= BLOCKS_PER_REQUEST) {
      const bottom = Math.max(lowest, top - BLOCKS_PER_REQUEST + 1)
      const onChain = await this.blocks(bottom, top, false)
      for (let n = top; n >= bottom; n--) {
        const block = onChain[n - bottom]
        if (block && stored.get(n) === lower(block.hash)) {
          log.warn({ chainId: this.chainId, orphaned: tip - n }, 'reorg: rolling back orphaned blocks')
          await store.rollback(this.chainId, n + 1)
          return
        }
      }
    }
    log.warn({ chainId: this.chainId }, 'reorg deeper than the kept hashes: re-indexing from the start')
    await store.rollback(this.chainId, startBlock)
  }

  /** Blocks `from` to `to` (null where the node has none). */
  private async blocks(from: number, to: number, full: boolean): Promise<(RawBlock | undefined)[]> {
    const out: (RawBlock | undefined)[] = []
    for (let first = from; first <= to; first += BLOCKS_PER_REQUEST) {
      const last = Math.min(to, first + BLOCKS_PER_REQUEST - 1)
      const calls = []
      for (let n = first; n <= last; n++)
        calls.push({ method: 'eth_getBlockByNumber', params: [hex(n), full] })
      for (const answer of await this.options.rpc.batch(calls)) {
        if (answer instanceof RpcCallError) throw new UpstreamError(`eth_getBlockByNumber: ${answer.message}`)
        out.push((answer ?? undefined) as RawBlock | undefined)
      }
    }
    return out
  }

  /** Everything blocks `from` to `to` moved, checked to be one chain that continues the stored `parent`. */
  private async fetchRange(from: number, to: number, parent: number | undefined): Promise<BlockRange> {
    const { rpc, store } = this.options
    const blocks = await this.blocks(from, to, true)
    const parentHash =
      parent === undefined ? undefined : (await store.blockHashes(this.chainId, parent, parent)).get(parent)
    let previous = parentHash
    for (const block of blocks) {
      if (!block) throw new ChainMoved()
      if (previous !== undefined && lower(block.parentHash) !== previous) throw new ChainMoved()
      previous = lower(block.hash)
    }
    const chain = blocks as RawBlock[]
    const hashOf = new Map(chain.map((block) => [Number(block.number), lower(block.hash)]))
    const logs =
      (await rpc.call<RawLog[]>('eth_getLogs', [
        { fromBlock: hex(from), toBlock: hex(to), topics: [TRANSFER_TOPICS] },
      ])) ?? []
    for (const log of logs)
      if (hashOf.get(Number(log.blockNumber)) !== lower(log.blockHash)) throw new ChainMoved()

    const txs = new Map<string, { tx: RawTransaction; block: RawBlock }>()
    for (const block of chain) for (const tx of block.transactions) txs.set(lower(tx.hash), { tx, block })
    const transfersOf = new Map<string, (DecodedTransfer | NativeTransfer)[]>()
    const add = (hash: string, transfer: DecodedTransfer | NativeTransfer) => {
      const list = transfersOf.get(hash) ?? []
      list.push(transfer)
      transfersOf.set(hash, list)
    }
    for (const log of logs)
      for (const transfer of decodeTransfers(log)) add(lower(log.transactionHash), transfer)

    // Value-sending transactions: their receipts tell whether the value moved (and where a creation went).
    const failed = new Set<string>()
    const valued = [...txs.values()].filter(({ tx }) => BigInt(tx.value) > 0n)
    for (let i = 0; i < valued.length; i += RECEIPTS_PER_REQUEST) {
      const slice = valued.slice(i, i + RECEIPTS_PER_REQUEST)
      const receipts = await rpc.batch(
        slice.map(({ tx }) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
      )
      receipts.forEach((answer, index) => {
        const { tx, block } = slice[index] as { tx: RawTransaction; block: RawBlock }
        const receipt = answer as RawReceipt | null
        if (answer instanceof RpcCallError || !receipt || lower(receipt.blockHash) !== lower(block.hash))
          throw new ChainMoved()
        const hash = lower(tx.hash)
        if (receipt.status === '0x0') {
          failed.add(hash)
          return
        }
        const to = tx.to ?? receipt.contractAddress
        if (to)
          add(hash, {
            native: true,
            from: lower(tx.from),
            to: lower(to),
            amount: BigInt(tx.value).toString(),
          })
      })
    }
    return rangeRows(chain, txs, transfersOf, failed)
  }
}
