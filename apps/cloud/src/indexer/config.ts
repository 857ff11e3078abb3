import { defineConfig, flag, int, type RawEnv } from '../config/section.js'
import type { StartBlock } from './chain-indexer.js'
import { DEFAULT_BATCH_BLOCKS, DEFAULT_POLL_MS } from './limits.js'

/** Local dev chains (anvil, hardhat) are indexed from block 0; any other chain from the head at first start. */
const DEV_CHAIN_IDS: readonly number[] = [31337, 1337]
const START_KEY = /^INDEXER_START_BLOCK_(\d{1,15})$/

/** Reads `INDEXER_START_BLOCK_<chainId>` entries: a block number, or `head`. */
function parseStartBlocks(env: RawEnv, issues: string[]): Map<number, StartBlock> {
  const starts = new Map<number, StartBlock>()
  for (const [key, value] of Object.entries(env)) {
    const match = START_KEY.exec(key)
    if (!match?.[1] || value === undefined || value === '') continue
    if (value === 'head') starts.set(Number(match[1]), 'head')
    else if (/^\d{1,15}$/.test(value)) starts.set(Number(match[1]), Number(value))
    else issues.push(`${key}: expected a block number or "head", got "${value}"`)
  }
  return starts
}

export type IndexerConfig = {
  /** Whether this process runs the indexer (an API-only instance of a scaled-out cloud does not). */
  enabled: boolean
  pollMs: number
  batchBlocks: number
  /** Where each chain's indexing starts the first time. */
  startBlock(chainId: number): StartBlock
}

export const indexerConfig = defineConfig({
  env: {
    INDEXER: flag.default(true),
    INDEXER_POLL_MS: int(10, 600_000).default(DEFAULT_POLL_MS),
    INDEXER_BATCH_BLOCKS: int(1, 10_000).default(DEFAULT_BATCH_BLOCKS),
  },
  variables: parseStartBlocks,
  read: (e, { parsed: startBlocks }): { indexer: IndexerConfig } => ({
    indexer: {
      enabled: e.INDEXER,
      pollMs: e.INDEXER_POLL_MS,
      batchBlocks: e.INDEXER_BATCH_BLOCKS,
      startBlock: (chainId) => startBlocks.get(chainId) ?? (DEV_CHAIN_IDS.includes(chainId) ? 0 : 'head'),
    },
  }),
})
