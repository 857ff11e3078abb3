import { useSyncExternalStore } from 'react'

type Readable<T> = { getState(): T; subscribe(listener: () => void): () => void }

/**
 * A store's state, or the slice `selector` picks, for React: the component renders again only when that
 * slice changes (compared with Object.is, so a selector returns parts of the state, not new objects).
 */
export function useStore<T>(store: Readable<T>): T
export function useStore<T, S>(store: Readable<T>, selector: (state: T) => S): S
export function useStore<T, S>(store: Readable<T>, selector?: (state: T) => S): T | S {
  const read = () => (selector ? selector(store.getState()) : store.getState())
  return useSyncExternalStore(store.subscribe, read, read)
}
