import { type ConvertService, withPoolPrices } from '../convert/index.js'
import type { Database } from '../db/index.js'
import type { Upstreams } from '../gateway/index.js'
import { IndexerQueries } from '../indexer/index.js'
import type { NameService } from '../names/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { type SolanaNetworks, solanaBalances } from '../solana/index.js'
import { accountConfig } from './config.js'
import { indexedAccountSource } from './indexed.js'
import { loadPrices } from './prices.js'
import { accountRoutes } from './routes.js'
import type { AccountSource } from './source.js'

/** What an account holds and did, from the indexer's tables, priced from the prices file and the pools. */
export const accountService = defineService({
  name: 'account',
  env: accountConfig,
  open: async (
    { database, upstreams, convert }: { database: Database; upstreams: Upstreams; convert: ConvertService },
    { config },
  ) => {
    const prices = await loadPrices(config.pricesFile)
    const account: AccountSource = withPoolPrices(
      indexedAccountSource({
        queries: new IndexerQueries(database.db),
        upstreams,
        prices,
        publicUrl: config.publicUrl,
      }),
      convert,
    )
    return { prices, account }
  },
  routes: async (
    app,
    {
      projects,
      account,
      names,
      solana,
      prices,
    }: {
      projects: ProjectStore
      account: AccountSource
      names: NameService
      solana: SolanaNetworks
      prices: Awaited<ReturnType<typeof loadPrices>>
    },
    { config },
  ) => {
    const solanaReads = { networks: solana, prices, publicUrl: config.publicUrl }
    await app.register(accountRoutes, {
      projects,
      account,
      identityOf: (address) => names.identityOf(address),
      solana: {
        chains: () => solana.chains(),
        balances: (chainId, address) => solanaBalances(solanaReads, chainId, address),
      },
    })
  },
})
