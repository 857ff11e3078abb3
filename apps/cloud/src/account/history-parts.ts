import type { OperationType } from '@allaccess/protocol'
import { BadRequestError } from '../http/errors.js'
import type { HistoryKey, IndexedTransfer, NftKey } from '../indexer/index.js'

// The account's history and NFT pages: what a transaction was for the account, an NFT's name, and the pages'
// cursors (each the last item's key, refused when malformed).

const ZERO = '0x0000000000000000000000000000000000000000'
const HISTORY_CURSOR = /^(\d{1,15})-(\d{1,15})-(\d{1,15})-(\d{1,9})$/
const NFT_CURSOR = /^(\d{1,15})-(0x[0-9a-f]{40})-(\d{1,80})$/

export function nftName(
  name: string | null | undefined,
  collection: { name: string | null } | undefined,
  tokenId: string,
) {
  return name ?? `${collection?.name ?? 'NFT'} #${tokenId}`
}

/**
 * What a transaction was, for the account: receiving a newly minted token is a mint (even when paid for),
 * sending to the zero address a burn; only incoming is receive, only outgoing (or to oneself) send; anything
 * else, or no transfer of the account's at all, execute.
 */
export function operationType(transfers: readonly IndexedTransfer[], account: string): OperationType {
  if (transfers.some((t) => t.to === account && t.from === ZERO)) return 'mint'
  if (transfers.some((t) => t.from === account && t.to === ZERO)) return 'burn'
  const incoming = transfers.some((t) => t.to === account && t.from !== account)
  const outgoing = transfers.some((t) => t.from === account)
  if (incoming && !outgoing) return 'receive'
  if (outgoing && !incoming) return 'send'
  return 'execute'
}

export const writeHistoryCursor = (key: HistoryKey) =>
  `${key.minedAt}-${key.chainId}-${key.blockNumber}-${key.txIndex}`
export function readHistoryCursor(cursor: string | undefined): HistoryKey | undefined {
  if (cursor === undefined || cursor === '') return undefined
  const [, minedAt, chainId, blockNumber, txIndex] = HISTORY_CURSOR.exec(cursor) ?? []
  if (!minedAt || !chainId || !blockNumber || !txIndex) throw new BadRequestError('Invalid cursor')
  return {
    minedAt: Number(minedAt),
    chainId: Number(chainId),
    blockNumber: Number(blockNumber),
    txIndex: Number(txIndex),
  }
}

export const writeNftCursor = (key: NftKey) => `${key.chainId}-${key.contract}-${key.tokenId}`
export function readNftCursor(cursor: string | undefined): NftKey | undefined {
  if (cursor === undefined || cursor === '') return undefined
  const [, chainId, contract, tokenId] = NFT_CURSOR.exec(cursor) ?? []
  if (!chainId || !contract || !tokenId) throw new BadRequestError('Invalid cursor')
  return { chainId: Number(chainId), contract, tokenId }
}
