import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core'

/**
 * What the indexer keeps of each chain it follows. Addresses and hashes are lowercase 0x-hex; amounts and token
 * ids are exact decimals (numeric(78): any uint256); times are epoch seconds as the chain gives them.
 */

const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 })
const blockNumber = (name = 'block_number') => bigint(name, { mode: 'number' })
const chainId = () => bigint('chain_id', { mode: 'number' }).notNull()

/** Raw bytes; PGlite hands back Uint8Array and node-postgres a Buffer, so normalise to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/** One row per chain: which chain it is (its genesis hash) and how far it is indexed. */
export const indexerChains = pgTable('indexer_chains', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  /** Block 0's hash: another genesis means the chain was reset (a restarted anvil), and all of it goes. */
  genesisHash: text('genesis_hash').notNull(),
  /** The first block indexed (0 on a dev chain; the head at first start on a public one). */
  startBlock: blockNumber('start_block').notNull(),
  /** The checkpoint: the next block to index. Every block below it is stored. */
  nextBlock: blockNumber('next_block').notNull(),
})

/** The hashes of recent indexed blocks: a new block whose parent hash differs reveals a reorg. */
export const indexerBlocks = pgTable(
  'indexer_blocks',
  {
    chainId: chainId(),
    number: blockNumber('number').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
)

/** Transactions that moved value or tokens (or tried to move value and failed). */
export const indexerTransactions = pgTable(
  'indexer_transactions',
  {
    chainId: chainId(),
    hash: text('hash').notNull(),
    blockNumber: blockNumber().notNull(),
    txIndex: integer('tx_index').notNull(),
    from: text('from').notNull(),
    /** Empty for a contract creation. */
    to: text('to').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    failed: boolean('failed').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.hash] }),
    index('indexer_transactions_by_block').on(t.chainId, t.blockNumber),
  ],
)

/** Token standards as stored; `native` is the chain's coin (empty `token`). */
export type Standard = 'native' | 'erc20' | 'erc721' | 'erc1155'

/** Each movement: a native value transfer (log index -1) or one Transfer / TransferSingle / TransferBatch entry. */
export const indexerTransfers = pgTable(
  'indexer_transfers',
  {
    chainId: chainId(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    /** The entry of a TransferBatch; 0 otherwise. */
    batchIndex: integer('batch_index').notNull(),
    blockNumber: blockNumber().notNull(),
    standard: text('standard').$type<Standard>().notNull(),
    token: text('token').notNull(),
    tokenId: uint256('token_id'),
    from: text('from').notNull(),
    to: text('to').notNull(),
    amount: uint256('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex, t.batchIndex] }),
    index('indexer_transfers_by_block').on(t.chainId, t.blockNumber),
    index('indexer_transfers_by_recipient').on(t.to, t.chainId, t.standard),
    index('indexer_transfers_by_sender').on(t.from, t.chainId, t.standard),
  ],
)

/** Which transactions concern which account: the history's index, newest first. */
export const indexerActivity = pgTable(
  'indexer_activity',
  {
    account: text('account').notNull(),
    chainId: chainId(),
    txHash: text('tx_hash').notNull(),
    blockNumber: blockNumber().notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.chainId, t.txHash] }),
    index('indexer_activity_by_time').on(t.account, t.minedAt, t.chainId, t.blockNumber, t.txIndex),
    index('indexer_activity_by_block').on(t.chainId, t.blockNumber),
  ],
)

/** Token contracts seen, with their metadata: read once (`readAt` set), never again. */
export const indexerTokens = pgTable(
  'indexer_tokens',
  {
    chainId: chainId(),
    address: text('address').notNull(),
    standard: text('standard').$type<Exclude<Standard, 'native'>>().notNull(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals'),
    /** An unsolicited mass airdrop was seen: lists hide it. */
    isSpam: boolean('is_spam').notNull().default(false),
    /** Epoch ms of the metadata read; null while it is pending. */
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] }), index('indexer_tokens_pending').on(t.readAt)],
)

/** NFTs seen, with their metadata and sanitized image: read once, never again. */
export const indexerNfts = pgTable(
  'indexer_nfts',
  {
    chainId: chainId(),
    contract: text('contract').notNull(),
    tokenId: uint256('token_id').notNull(),
    name: text('name'),
    description: text('description'),
    /** Null: no usable image (the placeholder is served). */
    imageType: text('image_type'),
    image: bytea('image'),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contract, t.tokenId] }),
    index('indexer_nfts_pending').on(t.readAt),
  ],
)
