export type { StartBlock } from './chain-indexer.js'
export { Indexer, type IndexerOptions } from './indexer.js'
export {
  type HeldNft,
  type HistoryKey,
  IndexerQueries,
  type NftKey,
  type StoredTransfer,
  type Token,
} from './queries.js'
export { ChainRpc, RpcCallError } from './rpc.js'
