import type { FungiblePrice, HistoryPage, NftPage, TokenBalance } from '@allaccess/protocol'
import type { StoredImage } from '../directory/images.js'

type AccountQuery = { chainId: number | undefined; address: string }

/**
 * Where account data comes from: the routes answer whatever a source gives. The cloud's source is the indexer's
 * (`indexedAccountSource`); an external indexing service for public chains plugs in here
 * (apps/cloud/README.md#external-indexers). Addresses arrive as the path gave them (0x optional, any case:
 * docs/behaviour.md#chains). An answer given is never changed afterwards: the routes keep its JSON for as long as the
 * object lives.
 */
export interface AccountSource {
  /** EIP-155 chain ids this source answers for: all that `/v1/supported-chains` may advertise. */
  chains(): readonly number[]
  /** Newest first; `cursor` is a `next` this source gave (BadRequestError for any other). */
  history(query: AccountQuery & { cursor: string | undefined }): Promise<HistoryPage>
  /**
   * The coin and tokens held, valued; UpstreamUnavailableError when a live read fails. Without `forceUpdate`
   * an answer may be reused for a moment (BALANCE_CACHE_MS).
   */
  balances(query: AccountQuery & { forceUpdate: boolean }): Promise<TokenBalance[]>
  /** NFTs held, spam left out; `cursor` as for history. */
  nfts(query: AccountQuery & { cursor: string | undefined }): Promise<NftPage>
  /** Prices of the fungibles it knows among `ids` (fungible ids), in USD. */
  prices(ids: readonly string[]): Promise<FungiblePrice[]>
  /** The icon of a token by fungible id, when the directory has none: undefined for an unknown token. */
  tokenIcon(id: string): Promise<StoredImage | undefined>
  /** An NFT's sanitized image (or its placeholder) by NFT id; undefined for an unknown NFT. */
  nftImage(id: string): Promise<StoredImage | undefined>
}
