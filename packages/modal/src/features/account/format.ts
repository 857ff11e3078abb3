import type { HistoryItem, HistoryTransfer } from '@allaccess/protocol'
import { formatAddress } from '../../kernel/formatAddress'
import { truncateAmount } from '../../kernel/formatBalance'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
/** A value in US dollars: $1,234.56. */
export const formatUsd = (value: number) => usd.format(value)

/** How an activity item reads (docs/behaviour.md#activity). */
export type ActivityLine = {
  id: string
  title: 'Sent' | 'Received' | 'Minted' | 'Burned' | 'Self' | 'Executed'
  /** '5 TUSD', 'All-Access Pass'; undefined when nothing moved. */
  amount: string | undefined
  /** The other side: a name when known, else the short address. */
  counterparty: string | undefined
  /** 'to' or 'from' the counterparty. */
  preposition: 'to' | 'from'
  status: HistoryItem['metadata']['status']
  hash: string
  minedAt: Date
  /** The local time it was mined, '14:05' (the day is its group's). */
  time: string
  /** An NFT's picture, when the line is about one. */
  imageUrl: string | undefined
}

const TITLES: Record<string, ActivityLine['title']> = {
  send: 'Sent',
  receive: 'Received',
  mint: 'Minted',
  burn: 'Burned',
}

const ZERO_ADDRESS = /^0x0{40}$/i
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

/**
 * The transfer a line is about: an NFT's (not spam) before the coins paid for it — a mint is the pass that came
 * in, not the ETH that went out — else the first.
 */
function headline(transfers: HistoryItem['transfers']): HistoryTransfer | undefined {
  return (
    transfers?.find((transfer) => transfer.nft_info && !transfer.nft_info.flags.is_spam) ?? transfers?.[0]
  )
}

/** One item of the history as a line: what moved, which way, with whom, when, and how it ended. */
export function describeActivity(item: HistoryItem, labels: Record<string, string>): ActivityLine {
  const transfer = headline(item.transfers)
  const outgoing = transfer ? transfer.direction === 'out' : item.metadata.operationType === 'send'
  const party = transfer ? (outgoing ? transfer.recipient : transfer.sender) : item.metadata.sentTo
  // A minted token comes from the zero address: the contract that minted it says more.
  const other = party && ZERO_ADDRESS.test(party) ? item.metadata.sentTo : party
  const symbol = transfer?.fungible_info?.symbol
  const amount = transfer
    ? symbol
      ? `${truncateAmount(transfer.quantity.numeric)} ${symbol}`
      : (transfer.nft_info?.name ?? truncateAmount(transfer.quantity.numeric))
    : undefined
  const title =
    TITLES[item.metadata.operationType] ??
    (transfer?.direction === 'self' ? 'Self' : transfer ? (outgoing ? 'Sent' : 'Received') : 'Executed')
  const minedAt = new Date(item.metadata.minedAt)
  return {
    id: item.id,
    title,
    amount,
    counterparty: other ? (labels[other.toLowerCase()] ?? formatAddress(other)) : undefined,
    preposition: outgoing ? 'to' : 'from',
    status: item.metadata.status,
    hash: item.metadata.hash,
    minedAt,
    time: timeFormat.format(minedAt),
    imageUrl: transfer?.nft_info?.content?.preview?.url,
  }
}

const DAY_MS = 86_400_000
const dayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

/** docs/behaviour.md#activity: lines grouped by the local day they were mined, newest first: Today, Yesterday, a date. */
export function groupByDay(lines: ActivityLine[], now: Date): { label: string; lines: ActivityLine[] }[] {
  const today = dayOf(now)
  const groups = new Map<number, ActivityLine[]>()
  for (const line of lines) {
    const day = dayOf(line.minedAt)
    groups.set(day, [...(groups.get(day) ?? []), line])
  }
  return [...groups].map(([day, grouped]) => ({
    label:
      day === today
        ? 'Today'
        : today - day <= DAY_MS && today > day
          ? 'Yesterday'
          : dateFormat.format(new Date(day)),
    lines: grouped,
  }))
}
