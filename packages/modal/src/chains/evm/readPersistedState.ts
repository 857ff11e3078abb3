import { deserialize, type State } from '@wagmi/core'

/**
 * Reads wagmi's persisted store synchronously. wagmi hydrates from storage asynchronously, so a page that
 * waits for it renders "disconnected" first and flashes its Connect button on every reload; handing this to
 * `hydrate`/`<WagmiProvider initialState>` makes the first render already show the restoring connection.
 * Call it BEFORE `createConfig`: creating the config writes a fresh empty state over the stored one.
 */
export function readPersistedState(
  storageKey = 'wagmi',
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): State | undefined {
  try {
    const raw = storage?.getItem(`${storageKey}.store`)
    if (!raw) return undefined
    const state = deserialize<{ state?: State }>(raw).state
    return state && state.connections instanceof Map ? state : undefined
  } catch {
    return undefined
  }
}
