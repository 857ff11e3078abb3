import type { ConnectionState } from '../chains/types'

/**
 * A test adapter's connection state, disconnected at first, and its subscribers: `set` replaces it and tells
 * them. The adapter spreads `getConnectionState` and `subscribe` into itself.
 */
export function createConnectionStateStore() {
  const listeners = new Set<() => void>()
  let state: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }
  return {
    getConnectionState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next: ConnectionState) {
      state = next
      for (const listener of listeners) listener()
    },
  }
}
