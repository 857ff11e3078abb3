export type Listener<T> = (state: T, previous: T) => void

export type Store<T> = {
  getState(): T
  setState(update: Partial<T> | ((state: T) => Partial<T>)): void
  /** Every change of the state. */
  subscribe(listener: Listener<T>): () => void
  /** Only changes of what `selector` picks (compared with Object.is): views and rules that read a slice. */
  subscribe<S>(selector: (state: T) => S, listener: Listener<S>): () => void
}

/** A minimal observable store: framework-free so core stays SSR-safe; React reads it through `useStore`. */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<Listener<T>>()
  function subscribe<S>(first: Listener<T> | ((state: T) => S), second?: Listener<S>): () => void {
    const listener: Listener<T> = second
      ? (next, previous) => {
          const select = first as (state: T) => S
          const [selected, before] = [select(next), select(previous)]
          if (!Object.is(selected, before)) second(selected, before)
        }
      : (first as Listener<T>)
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
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
    subscribe,
  }
}
