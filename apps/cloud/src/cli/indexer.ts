import { pino } from 'pino'
import { loadPrices } from '../account/index.js'
import { closeOnSignals } from '../close-on-signals.js'
import { openDatabase } from '../db/index.js'
import { Upstreams } from '../gateway/index.js'
import { openIndexer } from '../indexer/definition.js'
import type { CloudConfig } from '../services.js'

/**
 * `npm run cloud -- indexer`: the indexer alone, no HTTP, until SIGINT or SIGTERM. With PostgreSQL any number
 * of these and of clouds started with INDEXER=0 (or not) share the work: each chain is indexed by one process at
 * a time (advisory lock), the others stand by.
 */
export async function runIndexerAlone(config: CloudConfig): Promise<void> {
  const log = pino({ level: config.logLevel })
  const database = await openDatabase(config)
  const upstreams = new Upstreams(config.rpc.upstreams, config.rpc.timeoutMs)
  try {
    const prices = await loadPrices(config.pricesFile)
    const indexer = openIndexer(
      { ...config, indexer: { ...config.indexer, enabled: true } },
      database,
      upstreams,
      log,
      (chainId) => prices.tokens(chainId),
    )
    log.info({ chains: upstreams.chains() }, 'indexer running alone')
    closeOnSignals(async () => {
      await indexer.close()
      await upstreams.close()
      await database.close()
    })
  } catch (error) {
    await upstreams.close()
    await database.close()
    throw error
  }
}
