import { RECENT_WALLETS_KEPT } from '../../app/constants'
import { storageKey } from '../../kernel/storage'

/** A wallet the visitor connected with, remembered across visits (docs/behaviour.md#connecting: the last 2). */
export type RecentWallet = { id: string; name: string; imageUrl?: string; rdns?: string }

export const RECENT_WALLETS_KEY = storageKey('recentWallets')

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

export function readRecentWallets(storage: KeyValueStorage | undefined): RecentWallet[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_WALLETS_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter(isRecentWallet).slice(0, RECENT_WALLETS_KEPT)
  } catch {
    return []
  }
}

/** Puts `wallet` first, drops its older copy (same id or rdns), keeps the newest two. */
export function rememberRecentWallet(
  storage: KeyValueStorage | undefined,
  wallet: RecentWallet,
): RecentWallet[] {
  const others = readRecentWallets(storage).filter(
    (recent) => recent.id !== wallet.id && !(wallet.rdns && recent.rdns === wallet.rdns),
  )
  const next = [wallet, ...others].slice(0, RECENT_WALLETS_KEPT)
  try {
    storage?.setItem(RECENT_WALLETS_KEY, JSON.stringify(next))
  } catch {
    // Storage full or blocked (private mode): remembering is a convenience, never a failure.
  }
  return next
}

function isRecentWallet(value: unknown): value is RecentWallet {
  if (typeof value !== 'object' || value === null) return false
  const { id, name, imageUrl, rdns } = value as Record<string, unknown>
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    (imageUrl === undefined || typeof imageUrl === 'string') &&
    (rdns === undefined || typeof rdns === 'string')
  )
}
