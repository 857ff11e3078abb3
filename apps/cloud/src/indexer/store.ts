import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { type Db, meta } from '../db/index.js'
import { REORG_WINDOW, ROWS_PER_INSERT } from './limits.js'

import type { NftMetadata, TokenMetadata } from './metadata.js'
import {
  indexerAccountTokens,
  indexerActivity,
  indexerBlocks,
  indexerChains,
  indexerNfts,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
} from './tables.js'

export type ChainState = typeof indexerChains.$inferSelect
export type BlockRow = Omit<typeof indexerBlocks.$inferInsert, 'chainId'>
export type TransactionRow = Omit<typeof indexerTransactions.$inferInsert, 'chainId'>
export type TransferRow = Omit<typeof indexerTransfers.$inferInsert, 'chainId'>
export type ActivityRow = Omit<typeof indexerActivity.$inferInsert, 'chainId'>
export type AccountTokenRow = Omit<typeof indexerAccountTokens.$inferInsert, 'chainId'>
export type TokenRef = { address: string; standard: 'erc20' | 'erc721' | 'erc1155' }
export type NftRef = { contract: string; tokenId: string; standard: 'erc721' | 'erc1155' }

/** What one step learned from a range of blocks. */
export type BlockRange = {
  blocks: BlockRow[]
  transactions: TransactionRow[]
  transfers: TransferRow[]
  activity: ActivityRow[]
  accountTokens: AccountTokenRow[]
  tokens: TokenRef[]
  nfts: Omit<NftRef, 'standard'>[]
  spamTokens: string[]
}

/** The `meta` key of the indexer's version: bumped by every write answers depend on (`IndexerQueries.version`). */
export const VERSION_KEY = 'indexer.version'

/** Bumps the version, in the writer's transaction. */
function bumpVersion(db: Pick<Db, 'insert'>) {
  return db
    .insert(meta)
    .values({ key: VERSION_KEY, value: '1' })
    .onConflictDoUpdate({ target: meta.key, set: { value: sql`(${meta.value}::bigint + 1)::text` } })
}

const committedBumps = new WeakMap<Db, number>()

/**
 * How many version bumps this process has committed to `db`: a reader that saw the version since the last one
 * knows it has not moved here (other processes' writes still need a read).
 */
export const versionBumpsHere = (db: Db): number => committedBumps.get(db) ?? 0
const countBump = (db: Db) => committedBumps.set(db, versionBumpsHere(db) + 1)

/** Tables that hold rows of indexed blocks: what a rollback deletes above the fork. */
const BLOCK_TABLES = [indexerTransfers, indexerTransactions, indexerActivity] as const

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT))
  return out
}

/** The indexer's writes. Every change of a chain's rows moves its checkpoint in the same transaction. */
export class IndexerStore {
  constructor(private readonly db: Db) {}

  async chain(chainId: number): Promise<ChainState | undefined> {
    const [row] = await this.db.select().from(indexerChains).where(eq(indexerChains.chainId, chainId))
    return row
  }

  async startChain(chainId: number, genesisHash: string, startBlock: number): Promise<void> {
    await this.db
      .insert(indexerChains)
      .values({ chainId, genesisHash, startBlock, nextBlock: startBlock })
      .onConflictDoNothing()
  }

  /** Forgets everything of a chain that was reset (its tokens' metadata too: other contracts live there now). */
  async forgetChain(chainId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of [
        ...BLOCK_TABLES,
        indexerAccountTokens,
        indexerBlocks,
        indexerTokens,
        indexerNfts,
        indexerChains,
      ])
        await tx.delete(table).where(eq(table.chainId, chainId))
      await bumpVersion(tx)
    })
    countBump(this.db)
  }

  /** Stored hashes of blocks `from` to `to`, by number. */
  async blockHashes(chainId: number, from: number, to: number): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ number: indexerBlocks.number, hash: indexerBlocks.hash })
      .from(indexerBlocks)
      .where(
        and(
          eq(indexerBlocks.chainId, chainId),
          gte(indexerBlocks.number, from),
          lt(indexerBlocks.number, to + 1),
        ),
      )
    return new Map(rows.map((row) => [row.number, row.hash]))
  }

  /**
   * Stores a range and moves the checkpoint from `from` to `next`, in one transaction. False (nothing stored)
   * when the checkpoint is no longer `from`: another process got there first.
   */
  async commit(chainId: number, from: number, next: number, range: BlockRange): Promise<boolean> {
    const stored = await this.db.transaction(async (tx) => {
      const moved = await tx
        .update(indexerChains)
        .set({ nextBlock: next })
        .where(and(eq(indexerChains.chainId, chainId), eq(indexerChains.nextBlock, from)))
        .returning({ chainId: indexerChains.chainId })
      if (moved.length === 0) return false
      const withChain = <T>(rows: readonly T[]) => rows.map((row) => ({ ...row, chainId }))
      for (const rows of chunks(withChain(range.blocks)))
        await tx.insert(indexerBlocks).values(rows).onConflictDoNothing()
      for (const rows of chunks(withChain(range.transactions)))
        await tx.insert(indexerTransactions).values(rows).onConflictDoNothing()
      for (const rows of chunks(withChain(range.transfers)))
        await tx.insert(indexerTransfers).values(rows).onConflictDoNothing()
      for (const rows of chunks(withChain(range.activity)))
        await tx.insert(indexerActivity).values(rows).onConflictDoNothing()
      // Kept through rollbacks: a token no longer held only costs a balanceOf that answers 0.
      for (const rows of chunks(withChain(range.accountTokens)))
        await tx.insert(indexerAccountTokens).values(rows).onConflictDoNothing()
      // A token read before its contract existed (a configured token, on a chain reset before its deployment)
      // answered nothing: a transfer of it now shows it has code, so it is read again — at most once a range,
      // whatever a token that truly answers nothing emits.
      for (const rows of chunks(withChain(range.tokens)))
        await tx
          .insert(indexerTokens)
          .values(rows)
          .onConflictDoUpdate({
            target: [indexerTokens.chainId, indexerTokens.address],
            set: { readAt: null },
            setWhere: and(
              isNotNull(indexerTokens.readAt),
              isNull(indexerTokens.name),
              isNull(indexerTokens.symbol),
              isNull(indexerTokens.decimals),
            ),
          })
      for (const rows of chunks(withChain(range.nfts)))
        await tx.insert(indexerNfts).values(rows).onConflictDoNothing()
      if (range.spamTokens.length > 0)
        await tx
          .update(indexerTokens)
          .set({ isSpam: true })
          .where(and(eq(indexerTokens.chainId, chainId), inArray(indexerTokens.address, range.spamTokens)))
      await tx
        .delete(indexerBlocks)
        .where(and(eq(indexerBlocks.chainId, chainId), lt(indexerBlocks.number, next - REORG_WINDOW)))
      await bumpVersion(tx)
      return true
    })
    if (stored) countBump(this.db)
    return stored
  }

  /** Removes every block from `fork` on (orphaned by a reorg) and sets the checkpoint back to it. */
  async rollback(chainId: number, fork: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of BLOCK_TABLES)
        await tx.delete(table).where(and(eq(table.chainId, chainId), gte(table.blockNumber, fork)))
      await tx
        .delete(indexerBlocks)
        .where(and(eq(indexerBlocks.chainId, chainId), gte(indexerBlocks.number, fork)))
      await tx.update(indexerChains).set({ nextBlock: fork }).where(eq(indexerChains.chainId, chainId))
      await bumpVersion(tx)
    })
    countBump(this.db)
  }

  /** Marks a change answers depend on outside a commit (metadata read). */
  async bumpVersion(): Promise<void> {
    await bumpVersion(this.db)
    countBump(this.db)
  }

  /** Tokens the operator names (priced ones) are known before any transfer of them is seen. */
  async addTokens(chainId: number, tokens: readonly TokenRef[]): Promise<void> {
    if (tokens.length > 0)
      await this.db
        .insert(indexerTokens)
        .values(tokens.map((token) => ({ ...token, chainId })))
        .onConflictDoNothing()
  }

  pendingTokens(chainId: number, limit: number): Promise<TokenRef[]> {
    return this.db
      .select({ address: indexerTokens.address, standard: indexerTokens.standard })
      .from(indexerTokens)
      .where(and(eq(indexerTokens.chainId, chainId), isNull(indexerTokens.readAt)))
      .limit(limit)
  }

  async saveToken(chainId: number, address: string, metadata: TokenMetadata): Promise<void> {
    await this.db
      .update(indexerTokens)
      .set({ ...metadata, readAt: Date.now() })
      .where(and(eq(indexerTokens.chainId, chainId), eq(indexerTokens.address, address)))
  }

  /** NFTs whose metadata is still to read, with their collection's standard. */
  async pendingNfts(chainId: number, limit: number): Promise<NftRef[]> {
    const rows = await this.db
      .select({
        contract: indexerNfts.contract,
        tokenId: indexerNfts.tokenId,
        standard: indexerTokens.standard,
      })
      .from(indexerNfts)
      .innerJoin(
        indexerTokens,
        and(eq(indexerTokens.chainId, indexerNfts.chainId), eq(indexerTokens.address, indexerNfts.contract)),
      )
      .where(and(eq(indexerNfts.chainId, chainId), isNull(indexerNfts.readAt)))
      .limit(limit)
    return rows.filter((row): row is NftRef => row.standard !== 'erc20')
  }

  async saveNft(chainId: number, nft: Omit<NftRef, 'standard'>, metadata: NftMetadata): Promise<void> {
    await this.db
      .update(indexerNfts)
      .set({
        name: metadata.name,
        description: metadata.description,
        imageType: metadata.image?.type ?? null,
        image: metadata.image?.body ?? null,
        readAt: Date.now(),
      })
      .where(
        and(
          eq(indexerNfts.chainId, chainId),
          eq(indexerNfts.contract, nft.contract),
          sql`${indexerNfts.tokenId} = ${nft.tokenId}`,
        ),
      )
  }

  /**
   * Refreshes the planner's statistics of the indexer's tables. PGlite has no autovacuum: without them the
   * history query is planned for empty tables and scans instead of using the primary keys.
   */
  async analyze(): Promise<void> {
    await this.db.execute(
      sql`analyze indexer_activity, indexer_transactions, indexer_transfers, indexer_account_tokens, indexer_tokens, indexer_nfts`,
    )
  }

  /** Whether metadata reads are still pending for a chain. */
  async metadataPending(chainId: number): Promise<boolean> {
    const [token] = await this.pendingTokens(chainId, 1)
    const [nft] = await this.db
      .select({ contract: indexerNfts.contract })
      .from(indexerNfts)
      .where(and(eq(indexerNfts.chainId, chainId), isNull(indexerNfts.readAt)))
      .limit(1)
    return token !== undefined || nft !== undefined
  }
}
