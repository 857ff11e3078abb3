/** Sign-in with the wallet: lifetimes and bounds (apps/cloud/README.md#sign-in-with-the-wallet). */

/** A nonce must come back signed within this long of its message being issued; it works once. */
export const NONCE_TTL_MS = 10 * 60_000
/**
 * How far a message's Issued At may lie before its nonce was issued, or after the cloud's clock: EIP-4361's
 * Issued At is when the wallet signed, and a wallet that signs as it connects (WalletConnect's one-click
 * authentication) writes its own clock's time.
 */
export const ISSUED_AT_SKEW_MS = 60_000
/** The longest a sign-in session lives: the message's expiration time, issued this far after its issue time. */
export const SESSION_MAX_TTL_MS = 24 * 60 * 60_000
/** Live nonces one client address keeps per project: a new one past it ends the oldest. */
export const NONCES_PER_CLIENT = 20
/** Live nonces per project, all clients together: past it new messages wait (429) until the oldest expires. */
export const NONCES_PER_PROJECT = 10_000
/** Live sessions one account keeps per project: a new sign-in past it ends the oldest. */
export const SESSIONS_PER_ACCOUNT = 20
/** How often expired nonces and sessions are deleted. */
export const PURGE_MS = 60_000
/** Largest body the session route reads: the message, a smart account's signature and a CACAO, with room. */
export const SESSION_BODY_LIMIT = 64 * 1024
/** Largest body the message route reads. */
export const MESSAGE_BODY_LIMIT = 1024
