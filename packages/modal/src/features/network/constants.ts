/** The network feature's constants (docs/behaviour.md#constants). */

/** A native balance is read again after 30 s. */
export const NATIVE_BALANCE_CACHE_MS = 30_000
