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
}

/**
 * The modal's one cache of remote data (docs/behaviour.md#cache), in the manner of TanStack Query's core: each
 * query has a key and an explicit stale time, identical requests in flight share one promise, and a failure
 * blocks new requests for the query's retry gap. It holds no timers: freshness is read from the clock on
 * every ask.
 */
export function createQueryCache(clock: Pick<Clock, 'now'>) {
  const states = new Map<string, QueryState>()
  const inFlight = new Map<string, Promise<unknown>>()
  const listeners = new Set<(key: string) => void>()
  const changed = (key: string) => {
    for (const listener of listeners) listener(key)
  }

  function fetch<T>({ key, fetch: run, staleMs, retryGapMs = 0 }: Query<T>): Promise<T> {
    const pending = inFlight.get(key)
    if (pending) return pending as Promise<T>
    const state = states.get(key) as QueryState<T> | undefined
    const now = clock.now()
    if (state?.failedAt !== undefined && now - state.failedAt < retryGapMs) return Promise.reject(state.error)
    if (state?.updatedAt !== undefined && now - state.updatedAt < staleMs)
      return Promise.resolve(state.data as T)
    const request = run().then(
      (data) => {
        inFlight.delete(key)
        states.set(key, { data, updatedAt: clock.now() })
        changed(key)
        return data
      },
      (error: unknown) => {
        inFlight.delete(key)
        states.set(key, { ...states.get(key), error, failedAt: clock.now() })
        changed(key)
        throw error
      },
    )
    inFlight.set(key, request)
    return request
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
