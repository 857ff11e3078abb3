import type { FastifyBaseLogger } from 'fastify'
import type { Prices } from '../account/index.js'
import type { CoreConfig } from '../config/index.js'
import type { Database } from '../db/index.js'
import type { Upstreams } from '../gateway/index.js'
import { defineService } from '../service/define.js'
import { type IndexerConfig, indexerConfig } from './config.js'
import { Indexer } from './indexer.js'
import * as tables from './tables.js'

/** The indexer over the gateway's upstreams, following them when this process indexes. */
export function openIndexer(
  config: CoreConfig & { indexer: IndexerConfig },
  database: Database,
  upstreams: Upstreams,
  log: FastifyBaseLogger,
  knownTokens: (chainId: number) => readonly string[],
): Indexer {
  const indexer = new Indexer({
    db: database.db,
    databaseUrl: config.databaseUrl,
    upstreams,
    log,
    pollMs: config.indexer.pollMs,
    batchBlocks: config.indexer.batchBlocks,
    startBlock: config.indexer.startBlock,
    knownTokens,
  })
  if (config.indexer.enabled) indexer.start()
  return indexer
}

/** Started only when `config.indexer.enabled`; its store and `synced` serve either way. */
export const indexerService = defineService({
  name: 'indexer',
  tables,
  env: indexerConfig,
  open: (
    { database, upstreams, prices }: { database: Database; upstreams: Upstreams; prices: Prices },
    { config, log },
  ) => ({ indexer: openIndexer(config, database, upstreams, log, (chainId) => prices.tokens(chainId)) }),
  close: ({ indexer }) => indexer.close(),
})
