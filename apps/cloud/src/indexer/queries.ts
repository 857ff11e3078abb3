import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import {
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

/** The history of one account: each transaction with the transfers that concern it and what they moved. */
export type HistoryRows = {
  transactions: (StoredTransaction & { transfers: StoredTransfer[] })[]
  tokens: Token[]
  nfts: NftInfo[]
  next: HistoryKey | undefined
}

const byToken = (t: { chainId: number; address?: string; contract?: string }) =>
  `${t.chainId}:${t.address ?? t.contract}`

/** What the account service reads of the indexed chains. Addresses are lowercase 0x-hex. */
export class IndexerQueries {
  constructor(private readonly db: Db) {}

  /** Up to `limit` transactions of `account` on `chains`, newest first, after `after`. */
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
    if (page.length === 0) return { transactions: [], tokens: [], nfts: [], next }
    const hashes = page.map((row) => row.txHash)
    const wanted = new Set(page.map((row) => `${row.chainId}:${row.txHash}`))
    const [transactions, transfers] = await Promise.all([
      this.db.select().from(indexerTransactions).where(inArray(indexerTransactions.hash, hashes)),
      this.db.select().from(indexerTransfers).where(inArray(indexerTransfers.txHash, hashes)),
    ])
    const mine = transfers.filter(
      (t) => wanted.has(`${t.chainId}:${t.txHash}`) && (t.from === account || t.to === account),
    )
    const byTx = new Map(
      transactions
        .filter((t) => wanted.has(`${t.chainId}:${t.hash}`))
        .map((t) => [`${t.chainId}:${t.hash}`, { ...t, transfers: [] as StoredTransfer[] }]),
    )
    for (const transfer of mine.sort((x, y) => x.logIndex - y.logIndex || x.batchIndex - y.batchIndex))
      byTx.get(`${transfer.chainId}:${transfer.txHash}`)?.transfers.push(transfer)
    const ordered = page.flatMap((row) => byTx.get(`${row.chainId}:${row.txHash}`) ?? [])
    const tokenKeys = mine.filter((t) => t.standard !== 'native')
    const [tokens, nfts] = await Promise.all([
      this.tokens(tokenKeys.map((t) => ({ chainId: t.chainId, address: t.token }))),
      this.nftInfo(
        tokenKeys.flatMap((t) =>
          t.tokenId !== null && t.standard !== 'erc20'
            ? [{ chainId: t.chainId, contract: t.token, tokenId: t.tokenId }]
            : [],
        ),
      ),
    ])
    return { transactions: ordered, tokens, nfts, next }
  }

  /** Metadata of these tokens (those known). */
  async tokens(keys: readonly { chainId: number; address: string }[]): Promise<Token[]> {
    if (keys.length === 0) return []
    const wanted = new Set(keys.map(byToken))
    const rows = await this.db
      .select()
      .from(indexerTokens)
      .where(inArray(indexerTokens.address, [...new Set(keys.map((k) => k.address))]))
    return rows.filter((row) => wanted.has(byToken(row)))
  }

  /** The ERC-20s `account` sent or received on `chainId`. */
  async erc20sOf(account: string, chainId: number): Promise<string[]> {
    const t = indexerTransfers
    const rows = await this.db
      .selectDistinct({ token: t.token })
      .from(t)
      .where(and(or(eq(t.to, account), eq(t.from, account)), eq(t.chainId, chainId), eq(t.standard, 'erc20')))
    return rows.map((row) => row.token)
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
