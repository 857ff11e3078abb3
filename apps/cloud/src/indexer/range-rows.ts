import { type DecodedTransfer, ZERO_ADDRESS } from './events.js'
import { SPAM_AIRDROP_RECIPIENTS } from './limits.js'
import type { ActivityRow, BlockRange, TransactionRow, TransferRow } from './store.js'

/** Hashes and addresses are kept lower-case. */
export const lower = (value: string) => value.toLowerCase()

// The JSON-RPC shapes the chain indexer reads (only the fields it uses), and the rows it makes of them.
export type RawTransaction = {
  hash: string
  from: string
  to: string | null
  value: string
  nonce: string
  transactionIndex: string
}
export type RawBlock = {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: RawTransaction[]
}
export type RawReceipt = {
  transactionHash: string
  blockHash: string
  status?: string
  contractAddress?: string | null
}

/** A transaction's value, moved when its receipt says so. */
export type NativeTransfer = { native: true; from: string; to: string; amount: string }

/**
 * The rows a checked range of blocks adds: its transactions that moved something (or failed), their transfers,
 * each account's activity, and the tokens, NFTs and airdrop-spam tokens they name.
 */
export function rangeRows(
  chain: RawBlock[],
  txs: Map<string, { tx: RawTransaction; block: RawBlock }>,
  transfersOf: Map<string, (DecodedTransfer | NativeTransfer)[]>,
  failed: Set<string>,
): BlockRange {
  const range: BlockRange = {
    blocks: chain.map((block) => ({ number: Number(block.number), hash: lower(block.hash) })),
    transactions: [],
    transfers: [],
    activity: [],
    accountTokens: [],
    tokens: [],
    nfts: [],
    spamTokens: [],
  }
  const tokens = new Map<string, BlockRange['tokens'][number]>()
  const nfts = new Map<string, BlockRange['nfts'][number]>()
  const accountTokens = new Map<string, BlockRange['accountTokens'][number]>()
  const spam = new Set<string>()
  for (const hash of new Set([...transfersOf.keys(), ...failed])) {
    const entry = txs.get(hash)
    if (!entry) continue
    const { tx, block } = entry
    const transaction: TransactionRow = {
      hash,
      blockNumber: Number(block.number),
      txIndex: Number(tx.transactionIndex),
      from: lower(tx.from),
      to: lower(tx.to ?? ''),
      nonce: Number(tx.nonce),
      failed: failed.has(hash),
      minedAt: Number(block.timestamp),
    }
    range.transactions.push(transaction)
    const accounts = new Set([transaction.from])
    const recipients = new Map<string, Set<string>>()
    for (const transfer of transfersOf.get(hash) ?? []) {
      range.transfers.push(transferRow(transaction, transfer))
      for (const account of [transfer.from, transfer.to]) if (account !== ZERO_ADDRESS) accounts.add(account)
      if ('native' in transfer) continue
      tokens.set(transfer.token, { address: transfer.token, standard: transfer.standard })
      if (transfer.standard === 'erc20')
        for (const account of [transfer.from, transfer.to])
          if (account !== ZERO_ADDRESS)
            accountTokens.set(`${account}:${transfer.token}`, { account, token: transfer.token })
      if (transfer.standard === 'erc20' || transfer.tokenId === null) continue
      nfts.set(`${transfer.token}:${transfer.tokenId}`, {
        contract: transfer.token,
        tokenId: transfer.tokenId,
      })
      const sentTo = recipients.get(transfer.token) ?? new Set()
      sentTo.add(transfer.to)
      recipients.set(transfer.token, sentTo)
    }
    for (const [token, sentTo] of recipients)
      if (sentTo.size >= SPAM_AIRDROP_RECIPIENTS && !sentTo.has(transaction.from)) spam.add(token)
    for (const account of accounts)
      range.activity.push({
        account,
        txHash: hash,
        blockNumber: transaction.blockNumber,
        txIndex: transaction.txIndex,
        minedAt: transaction.minedAt,
      } satisfies ActivityRow)
  }
  range.tokens = [...tokens.values()]
  range.accountTokens = [...accountTokens.values()]
  range.nfts = [...nfts.values()]
  range.spamTokens = [...spam]
  return range
}

function transferRow(transaction: TransactionRow, transfer: DecodedTransfer | NativeTransfer): TransferRow {
  const common = {
    txHash: transaction.hash,
    blockNumber: transaction.blockNumber,
    from: transfer.from,
    to: transfer.to,
    amount: transfer.amount,
  }
  if ('native' in transfer)
    return { ...common, logIndex: -1, batchIndex: 0, standard: 'native', token: '', tokenId: null }
  return {
    ...common,
    logIndex: transfer.logIndex,
    batchIndex: transfer.batchIndex,
    standard: transfer.standard,
    token: transfer.token,
    tokenId: transfer.tokenId,
  }
}
