import type { RouteEntry, StartView } from './routes'

export type Direction = 'next' | 'prev'

/** The modal's history stack (docs/behaviour.md#navigation); the last entry is the current view. */
export type RouterState = { history: RouteEntry[]; direction: Direction }

export const initialRouterState = (view: StartView): RouterState => ({
  history: [{ view } as RouteEntry],
  direction: 'next',
})

export function currentEntry(state: RouterState): RouteEntry {
  const entry = state.history.at(-1)
  if (!entry) throw new Error('Router history is never empty')
  return entry
}

/**
 * Adds `entry` on top, unless it is the view on show already (a Try again that starts the same step over): the
 * history never holds one view twice in a row, so one Back always leaves it.
 */
export function push(state: RouterState, entry: RouteEntry): RouterState {
  if (sameEntry(currentEntry(state), entry)) return state
  return { history: [...state.history, entry], direction: 'next' }
}

/** The same view with the same data (route data is plain JSON). */
const sameEntry = (a: RouteEntry, b: RouteEntry) =>
  a.view === b.view && JSON.stringify(a.data ?? null) === JSON.stringify(b.data ?? null)

export function replace(state: RouterState, entry: RouteEntry): RouterState {
  return { history: [...state.history.slice(0, -1), entry], direction: 'next' }
}

/** Starts a fresh history at one view, as opening and closing do. */
export function reset(entry: RouteEntry): RouterState {
  return { history: [entry], direction: 'next' }
}

export type BackResult = { kind: 'navigate'; state: RouterState } | { kind: 'close' }

/** Going back pops the history; with a single entry left it closes the modal (the shell adds its own rules). */
export function goBack(state: RouterState): BackResult {
  if (state.history.length <= 1) return { kind: 'close' }
  return { kind: 'navigate', state: { history: state.history.slice(0, -1), direction: 'prev' } }
}

/**
 * Returns to the view before the current one without closing, as a failed network switch does
 * (docs/behaviour.md#network-switch).
 */
export function returnToPrevious(state: RouterState): RouterState {
  if (state.history.length <= 1) return state
  return { history: state.history.slice(0, -1), direction: 'prev' }
}
