import type { KeyValueStorage } from './environment'

/** The one prefix of every key the modal keeps in the page's storage (docs/behaviour.md#storage). */
export const STORAGE_PREFIX = 'allaccess.'

/** The key the modal keeps `name` under: `allaccess.<name>`. */
export const storageKey = (name: string): string => `${STORAGE_PREFIX}${name}`

/** Until the keys shared one prefix, recent wallets and the balance and name caches were kept under this one. */
const FORMER_PREFIX = '@allaccess/'
const FORMER_NAMES = ['recentWallets', 'balances', 'identities'] as const

/**
 * Moves what a browser kept under the former prefix to the one prefix, once, before anything reads it: a value
 * already under the new key wins (it is newer), and the former key is removed. A blocked storage moves nothing.
 */
export function migrateStorageKeys(storage: KeyValueStorage | undefined): void {
  if (!storage) return
  for (const name of FORMER_NAMES) {
    try {
      const former = `${FORMER_PREFIX}${name}`
      const kept = storage.getItem(former)
      if (kept === null) continue
      if (storage.getItem(storageKey(name)) === null) storage.setItem(storageKey(name), kept)
      ;(storage as Partial<Storage>).removeItem?.(former)
    } catch {
      // Full or blocked storage: what it holds stays where it is, and the modal starts without it.
    }
  }
}
