import type { KeyValueStorage } from '../../kernel/environment'
import type { QueryCache } from '../../kernel/queryCache'
import { storageKey } from '../../kernel/storage'
import { PERSISTED_ENTRIES_MAX } from './constants'

/** Local storage's keys: the balance cache and the name (identity) cache, each entry with when it was read. */
export const BALANCE_CACHE_KEY = storageKey('balances')
export const IDENTITY_CACHE_KEY = storageKey('identities')

type Stored = Record<string, { at: number; data: unknown }>

const kept = [
  { storageKey: BALANCE_CACHE_KEY, holds: (key: string) => /:(native|tokens)$/.test(key) },
  { storageKey: IDENTITY_CACHE_KEY, holds: (key: string) => key.startsWith('identity:') },
]

/**
 * Keeps the cache's balances and identities in local storage with timestamps (docs/behaviour.md#account): a
 * reload shows the last balance at once and refreshes it once it is stale. What storage holds is read
 * defensively (another version, a hand edit); a full or blocked storage only loses the copy.
 */
export function persistCache(cache: QueryCache, storage: KeyValueStorage | undefined): () => void {
  if (!storage) return () => {}
  for (const { storageKey } of kept) {
    for (const [key, entry] of Object.entries(read(storage, storageKey))) cache.set(key, entry.data, entry.at)
  }
  return cache.subscribe((key) => {
    const store = kept.find((candidate) => candidate.holds(key))
    const state = cache.get(key)
    if (!store || state?.updatedAt === undefined) return
    const entries = { ...read(storage, store.storageKey), [key]: { at: state.updatedAt, data: state.data } }
    const newest = Object.entries(entries)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, PERSISTED_ENTRIES_MAX)
    try {
      storage.setItem(store.storageKey, JSON.stringify(Object.fromEntries(newest)))
    } catch {
      // Full or blocked: the copy is a convenience, the cache still holds the data.
    }
  })
}

/** Forgets what storage keeps for keys starting with `prefix` (a disconnected account's balances). */
export function forgetPersisted(storage: KeyValueStorage | undefined, prefix: string) {
  if (!storage) return
  for (const { storageKey } of kept) {
    const entries = Object.entries(read(storage, storageKey)).filter(([key]) => !key.startsWith(prefix))
    try {
      storage.setItem(storageKey, JSON.stringify(Object.fromEntries(entries)))
    } catch {
      // Nothing to undo: the copy was a convenience.
    }
  }
}

function read(storage: KeyValueStorage, storageKey: string): Stored {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([, entry]) =>
          typeof entry === 'object' && entry !== null && typeof entry.at === 'number' && 'data' in entry,
      ),
    ) as Stored
  } catch {
    return {}
  }
}
