/** WalletConnect's constants (docs/behaviour.md#walletconnect, #constants). */

/** A pairing link expires 4 minutes after it was made… */
export const PAIRING_EXPIRY_MS = 4 * 60_000
/** …and counts as expired when under 10 seconds remain: a fresh one replaces it. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/**
 * A pairing link normally arrives within a second. WalletConnect's client never fails `connect` when its relay
 * is out of reach (it keeps retrying), so past this the visitor gets 'Failed to connect' and Try again instead
 * of a spinner for ever.
 */
export const PAIRING_LINK_TIMEOUT_MS = 15_000
