import type { RouteEntry, View } from './views'

export type Direction = 'next' | 'prev'

/** The modal's history stack (spec §2 "Navigation"); the last entry is the current view. */
export type RouterState = { history: RouteEntry[]; direction: Direction }

export const initialRouterState = (view: View = 'Connect'): RouterState => ({
  history: [{ view }],
  direction: 'next',
})

export function currentEntry(state: RouterState): RouteEntry {
  const entry = state.history.at(-1)
  if (!entry) throw new Error('Router history is never empty')
  return entry
}

export function push(state: RouterState, entry: RouteEntry): RouterState {
  return { history: [...state.history, entry], direction: 'next' }
}

export function replace(state: RouterState, entry: RouteEntry): RouterState {
  return { history: [...state.history.slice(0, -1), entry], direction: 'next' }
}

/** Starts a fresh history at one view, as opening and closing do. */
export function reset(view: View, data?: RouteEntry['data']): RouterState {
  return { history: [data ? { view, data } : { view }], direction: 'next' }
}

export type BackResult = { kind: 'navigate'; state: RouterState } | { kind: 'close' }

/**
 * Spec §2 "Navigation": going back from a Connect view while connected lands on Account; going back with a
 * single history entry closes the modal.
 */
export function goBack(state: RouterState, context: { connected: boolean }): BackResult {
  const { view } = currentEntry(state)
  if (view === 'Connect' && context.connected) {
    return { kind: 'navigate', state: { history: [{ view: 'Account' }], direction: 'prev' } }
  }
  if (state.history.length <= 1) return { kind: 'close' }
  return { kind: 'navigate', state: { history: state.history.slice(0, -1), direction: 'prev' } }
}

/**
 * Returns to the view before the current one without closing, as a failed network switch does
 * (spec §4 "A failed network switch returns to the previous view").
 */
export function returnToPrevious(state: RouterState): RouterState {
  if (state.history.length <= 1) return state
  return { history: state.history.slice(0, -1), direction: 'prev' }
}
