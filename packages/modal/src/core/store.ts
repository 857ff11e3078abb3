export type Listener<T> = (state: T, previous: T) => void

export type Store<T> = {
  getState(): T
  setState(update: Partial<T> | ((state: T) => Partial<T>)): void
  subscribe(listener: Listener<T>): () => void
}

/** A minimal observable store: framework-free so core stays SSR-safe; React reads it with useSyncExternalStore. */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<Listener<T>>()
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update
      const next = { ...state, ...patch }
      if (Object.keys(patch).every((key) => Object.is(next[key as keyof T], state[key as keyof T]))) return
      const previous = state
      state = next
      for (const listener of listeners) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
