import type { Clock } from './environment'

/** What the cache holds for one key: the last data and when it came, the last failure and when it came. */
export type QueryState<T = unknown> = {
  data?: T
  updatedAt?: number
  error?: unknown
  failedAt?: number
}

export type Query<T> = {
  /** One key per question: the same key asked twice in flight shares one request. */
  key: string
  fetch: () => Promise<T>
  /** Data younger than this is answered without asking again. */
  staleMs: number
  /** After a failure, asking again within this gap answers the same failure without asking (0: ask at once). */
  retryGapMs?: number
  /**
   * Asked before anyone needs it (a prefetch): its failure starts no retry gap, so the first ask someone waits
   * on goes out — unless such an ask shared it in flight, which then fails as any other ask would.
   */
  background?: boolean
}

/**
 * The modal's one cache of remote data (docs/behaviour.md#cache), in the manner of TanStack Query's core: each
 * query has a key and an explicit stale time, identical requests in flight share one promise, and a failure
 * blocks new requests for the query's retry gap (a background failure no one waited on excepted). It holds no timers: freshness is read from the clock on
 * every ask.
 */
export function createQueryCache(clock: Pick<Clock, 'now'>) {
  const states = new Map<string, QueryState>()
  /** Requests in flight, and whether anyone but a background ask waits on them. */
  const inFlight = new Map<string, { request: Promise<unknown>; awaited: boolean }>()
  const listeners = new Set<(key: string) => void>()
  const changed = (key: string) => {
    for (const listener of listeners) listener(key)
  }

  function fetch<T>({ key, fetch: run, staleMs, retryGapMs = 0, background = false }: Query<T>): Promise<T> {
    const pending = inFlight.get(key)
    if (pending) {
      if (!background) pending.awaited = true
      return pending.request as Promise<T>
    }
    const state = states.get(key) as QueryState<T> | undefined
    const now = clock.now()
    if (state?.failedAt !== undefined && now - state.failedAt < retryGapMs) return Promise.reject(state.error)
    if (state?.updatedAt !== undefined && now - state.updatedAt < staleMs)
      return Promise.resolve(state.data as T)
    const entry = { request: Promise.resolve() as Promise<unknown>, awaited: !background }
    entry.request = run().then(
      (data) => {
        inFlight.delete(key)
        states.set(key, { data, updatedAt: clock.now() })
        changed(key)
        return data
      },
      (error: unknown) => {
        inFlight.delete(key)
        const previous = states.get(key)
        states.set(key, { ...previous, error, failedAt: entry.awaited ? clock.now() : undefined })
        changed(key)
        throw error
      },
    )
    inFlight.set(key, entry)
    return entry.request as Promise<T>
  }

  return {
    fetch,
    get: <T>(key: string) => states.get(key) as QueryState<T> | undefined,
    /** Seeds a key with data known from elsewhere (a persisted copy), dated when it was read. */
    set<T>(key: string, data: T, updatedAt: number) {
      states.set(key, { data, updatedAt })
      changed(key)
    },
    /** Makes every key starting with `prefix` stale, and lifts its retry gap: the next ask goes out. */
    invalidate(prefix = '') {
      for (const [key, state] of states) {
        if (key.startsWith(prefix)) states.set(key, { data: state.data })
      }
    },
    /** Forgets every key starting with `prefix`. */
    remove(prefix = '') {
      for (const key of [...states.keys()]) if (key.startsWith(prefix)) states.delete(key)
    },
    /** Called with the key whenever a query settles or is seeded. */
    subscribe(listener: (key: string) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type QueryCache = ReturnType<typeof createQueryCache>
