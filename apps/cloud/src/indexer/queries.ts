import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { type Db, meta } from '../db/index.js'
import { VERSION_KEY, versionBumpsHere } from './store.js'
import {
  indexerAccountTokens,
  indexerActivity,
  indexerNfts,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
} from './tables.js'

/** A history page's position: the sort key of its last item (newest first). */
export type HistoryKey = { minedAt: number; chainId: number; blockNumber: number; txIndex: number }
/** An NFT page's position: the key of its last NFT. */
export type NftKey = { chainId: number; contract: string; tokenId: string }

export type Token = typeof indexerTokens.$inferSelect
export type StoredTransaction = typeof indexerTransactions.$inferSelect
export type StoredTransfer = typeof indexerTransfers.$inferSelect
export type NftInfo = {
  chainId: number
  contract: string
  tokenId: string
  name: string | null
  hasImage: boolean
}
export type HeldNft = NftInfo & {
  standard: 'erc721' | 'erc1155'
  amount: string
  description: string | null
  collection: { name: string | null; symbol: string | null }
}

/** A transfer of a history page with what it moved: the token's metadata, the NFT's name. */
export type HistoryTransfer = StoredTransfer & {
  metadata: {
    name: string | null
    symbol: string | null
    decimals: number | null
    isSpam: boolean
    nftName: string | null
  }
}

/** The history of one account: each transaction with the transfers that concern it. */
export type HistoryRows = {
  transactions: (StoredTransaction & { transfers: HistoryTransfer[] })[]
  next: HistoryKey | undefined
}

const byToken = (t: { chainId: number; address?: string; contract?: string }) =>
  `${t.chainId}:${t.address ?? t.contract}`

/** What the account service reads of the indexed chains. Addresses are lowercase 0x-hex. */
export class IndexerQueries {
  constructor(private readonly db: Db) {}

  /**
   * Up to `limit` transactions of `account` on `chains`, newest first, after `after`: two queries, the page of
   * the account's activity, then its transactions with their transfers of the account and what those moved.
   */
  async history(
    account: string,
    chains: readonly number[],
    after: HistoryKey | undefined,
    limit: number,
  ): Promise<HistoryRows> {
    const a = indexerActivity
    const rows = await this.db
      .select()
      .from(a)
      .where(
        and(
          eq(a.account, account),
          inArray(a.chainId, [...chains]),
          after &&
            sql`(${a.minedAt}, ${a.chainId}, ${a.blockNumber}, ${a.txIndex}) < (${after.minedAt}, ${after.chainId}, ${after.blockNumber}, ${after.txIndex})`,
        ),
      )
      .orderBy(desc(a.minedAt), desc(a.chainId), desc(a.blockNumber), desc(a.txIndex))
      .limit(limit + 1)
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    const next =
      rows.length > limit && last
        ? {
            minedAt: last.minedAt,
            chainId: last.chainId,
            blockNumber: last.blockNumber,
            txIndex: last.txIndex,
          }
        : undefined
    if (page.length === 0) return { transactions: [], next }
    const tx = indexerTransactions
    const tr = indexerTransfers
    const token = indexerTokens
    const nft = indexerNfts
    const joined = await this.db
      .select({
        tx,
        transfer: tr,
        tokenName: token.name,
        tokenSymbol: token.symbol,
        tokenDecimals: token.decimals,
        tokenSpam: token.isSpam,
        nftName: nft.name,
      })
      .from(tx)
      .leftJoin(
        tr,
        and(eq(tr.chainId, tx.chainId), eq(tr.txHash, tx.hash), or(eq(tr.from, account), eq(tr.to, account))),
      )
      .leftJoin(token, and(eq(token.chainId, tr.chainId), eq(token.address, tr.token)))
      .leftJoin(
        nft,
        and(eq(nft.chainId, tr.chainId), eq(nft.contract, tr.token), eq(nft.tokenId, tr.tokenId)),
      )
      // By primary key: (chain, hash) leads it.
      .where(
        and(
          inArray(tx.chainId, [...new Set(page.map((row) => row.chainId))]),
          inArray(
            tx.hash,
            page.map((row) => row.txHash),
          ),
        ),
      )
    const byTx = new Map<string, HistoryRows['transactions'][number]>()
    for (const row of joined) {
      const key = `${row.tx.chainId}:${row.tx.hash}`
      const entry = byTx.get(key) ?? { ...row.tx, transfers: [] }
      byTx.set(key, entry)
      if (!row.transfer) continue
      entry.transfers.push({
        ...row.transfer,
        tokenId: row.transfer.tokenId === null ? null : String(row.transfer.tokenId),
        amount: String(row.transfer.amount),
        metadata: {
          name: row.tokenName,
          symbol: row.tokenSymbol,
          decimals: row.tokenDecimals,
          isSpam: row.tokenSpam ?? false,
          nftName: row.nftName,
        },
      })
    }
    for (const entry of byTx.values())
      entry.transfers.sort((x, y) => x.logIndex - y.logIndex || x.batchIndex - y.batchIndex)
    return { transactions: page.flatMap((row) => byTx.get(`${row.chainId}:${row.txHash}`) ?? []), next }
  }

  /** The ERC-20s whose balance `/balance` reads: those `account` ever moved on `chainId`, and `also`. */
  balanceTokens(account: string, chainId: number, also: readonly string[]): Promise<Token[]> {
    const t = indexerTokens
    const moved = this.db
      .select({ token: indexerAccountTokens.token })
      .from(indexerAccountTokens)
      .where(and(eq(indexerAccountTokens.account, account), eq(indexerAccountTokens.chainId, chainId)))
    return this.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.chainId, chainId),
          eq(t.standard, 'erc20'),
          or(inArray(t.address, moved), also.length > 0 ? inArray(t.address, [...also]) : undefined),
        ),
      )
  }

  /**
   * What answers depend on: a counter every indexer write bumps in its transaction (blocks stored or rolled
   * back, a chain forgotten, metadata read). An answer computed under another version may be stale. One
   * primary-key read.
   */
  async version(): Promise<string> {
    const [row] = await this.db.select({ value: meta.value }).from(meta).where(eq(meta.key, VERSION_KEY))
    return row?.value ?? '0'
  }

  /** Version bumps this process committed so far (`versionBumpsHere`): no read needed to see them. */
  bumpsHere(): number {
    return versionBumpsHere(this.db)
  }

  /** Metadata of these tokens (those known). */
  async tokens(keys: readonly { chainId: number; address: string }[]): Promise<Token[]> {
    if (keys.length === 0) return []
    const wanted = new Set(keys.map(byToken))
    const rows = await this.db
      .select()
      .from(indexerTokens)
      .where(
        and(
          inArray(indexerTokens.chainId, [...new Set(keys.map((k) => k.chainId))]),
          inArray(indexerTokens.address, [...new Set(keys.map((k) => k.address))]),
        ),
      )
    return rows.filter((row) => wanted.has(byToken(row)))
  }

  /**
   * The NFTs `account` holds on `chains` by its indexed transfers (received minus sent), spam left out, ordered
   * by chain, contract and token id, after `after`.
   */
  async nftsOf(
    account: string,
    chains: readonly number[],
    after: NftKey | undefined,
    limit: number,
  ): Promise<{ nfts: HeldNft[]; next: NftKey | undefined }> {
    const t = indexerTransfers
    const held = sql<string>`sum(case when ${t.to} = ${account} then ${t.amount} else 0 end) - sum(case when ${t.from} = ${account} then ${t.amount} else 0 end)`
    const rows = await this.db
      .select({
        chainId: t.chainId,
        contract: t.token,
        tokenId: sql<string>`${t.tokenId}`,
        standard: indexerTokens.standard,
        amount: held,
        collectionName: indexerTokens.name,
        collectionSymbol: indexerTokens.symbol,
        name: indexerNfts.name,
        description: indexerNfts.description,
        hasImage: sql<boolean>`${indexerNfts.imageType} is not null`,
      })
      .from(t)
      .innerJoin(indexerTokens, and(eq(indexerTokens.chainId, t.chainId), eq(indexerTokens.address, t.token)))
      .leftJoin(
        indexerNfts,
        and(
          eq(indexerNfts.chainId, t.chainId),
          eq(indexerNfts.contract, t.token),
          eq(indexerNfts.tokenId, t.tokenId),
        ),
      )
      .where(
        and(
          or(eq(t.to, account), eq(t.from, account)),
          inArray(t.chainId, [...chains]),
          inArray(t.standard, ['erc721', 'erc1155']),
          eq(indexerTokens.isSpam, false),
          after &&
            sql`(${t.chainId}, ${t.token}, ${t.tokenId}) > (${after.chainId}, ${after.contract}, ${after.tokenId}::numeric)`,
        ),
      )
      .groupBy(
        t.chainId,
        t.token,
        t.tokenId,
        indexerTokens.standard,
        indexerTokens.name,
        indexerTokens.symbol,
        indexerNfts.name,
        indexerNfts.description,
        indexerNfts.imageType,
      )
      .having(sql`${held} > 0`)
      .orderBy(t.chainId, t.token, t.tokenId)
      .limit(limit + 1)
    const nfts = rows.slice(0, limit).map((row) => ({
      chainId: Number(row.chainId),
      contract: row.contract,
      tokenId: String(row.tokenId),
      standard: row.standard as HeldNft['standard'],
      amount: String(row.amount),
      name: row.name,
      description: row.description,
      hasImage: Boolean(row.hasImage),
      collection: { name: row.collectionName, symbol: row.collectionSymbol },
    }))
    const last = nfts.at(-1)
    return {
      nfts,
      next:
        rows.length > limit && last
          ? { chainId: last.chainId, contract: last.contract, tokenId: last.tokenId }
          : undefined,
    }
  }

  async nftInfo(keys: readonly { chainId: number; contract: string; tokenId: string }[]): Promise<NftInfo[]> {
    if (keys.length === 0) return []
    const rows = await this.db
      .select({
        chainId: indexerNfts.chainId,
        contract: indexerNfts.contract,
        tokenId: sql<string>`${indexerNfts.tokenId}`,
        name: indexerNfts.name,
        hasImage: sql<boolean>`${indexerNfts.imageType} is not null`,
      })
      .from(indexerNfts)
      .where(
        sql`(${indexerNfts.chainId}, ${indexerNfts.contract}, ${indexerNfts.tokenId}) in (${sql.join(
          keys.map((k) => sql`(${k.chainId}::bigint, ${k.contract}, ${k.tokenId}::numeric)`),
          sql`, `,
        )})`,
      )
    return rows.map((row) => ({
      ...row,
      chainId: Number(row.chainId),
      tokenId: String(row.tokenId),
      hasImage: Boolean(row.hasImage),
    }))
  }

  /** An NFT's stored image (sanitized), or undefined when it has none or is not known. */
  async nftImage(
    chainId: number,
    contract: string,
    tokenId: string,
  ): Promise<{ type: string; body: Buffer } | undefined> {
    const [row] = await this.db
      .select({ type: indexerNfts.imageType, body: indexerNfts.image })
      .from(indexerNfts)
      .where(
        and(
          eq(indexerNfts.chainId, chainId),
          eq(indexerNfts.contract, contract),
          sql`${indexerNfts.tokenId} = ${tokenId}::numeric`,
        ),
      )
    return row?.type && row.body ? { type: row.type, body: row.body } : undefined
  }
}
