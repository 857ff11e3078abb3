import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/index.js'
import { type BlockRange, IndexerStore } from './store.js'

const CHAIN = 31337
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const NOTHING_READ = { name: null, symbol: null, decimals: null }

const rangeMoving = (tokens: BlockRange['tokens']): BlockRange => ({
  blocks: [],
  transactions: [],
  transfers: [],
  activity: [],
  accountTokens: [],
  tokens,
  nfts: [],
  spamTokens: [],
})

let database: Database
let store: IndexerStore
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
  store = new IndexerStore(database.db)
  await store.startChain(CHAIN, '0xgenesis', 0)
})
afterAll(() => database.close())

describe('the indexer store: token metadata', () => {
  it('reads again a token that answered nothing once it moves (its contract exists now); a read one stays read', async () => {
    // A configured token, read before its contract was deployed (a chain reset, then the deployment).
    await store.addTokens(CHAIN, [{ address: TOKEN, standard: 'erc20' }])
    expect(await store.pendingTokens(CHAIN, 10)).toEqual([{ address: TOKEN, standard: 'erc20' }])
    await store.saveToken(CHAIN, TOKEN, NOTHING_READ)
    expect(await store.pendingTokens(CHAIN, 10)).toEqual([])

    expect(await store.commit(CHAIN, 0, 5, rangeMoving([{ address: TOKEN, standard: 'erc20' }]))).toBe(true)
    expect(await store.pendingTokens(CHAIN, 10)).toEqual([{ address: TOKEN, standard: 'erc20' }])

    await store.saveToken(CHAIN, TOKEN, { name: 'Test USD', symbol: 'tUSD', decimals: 6 })
    expect(await store.commit(CHAIN, 5, 9, rangeMoving([{ address: TOKEN, standard: 'erc20' }]))).toBe(true)
    expect(await store.pendingTokens(CHAIN, 10)).toEqual([])
  })
})
