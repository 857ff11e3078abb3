/** The embedded wallet's limits and lifetimes (apps/cloud/README.md#embedded-wallet). */

/** A one-time code is valid this long after it is sent. */
export const CODE_TTL_MS = 10 * 60_000
/** A code dies after this many wrong tries; only a new code helps then. */
export const CODE_MAX_FAILURES = 5
/** Code and approval e-mails one client address may cause per window, by default (EMBEDDED_SENDS_PER_IP). */
export const DEFAULT_SENDS_PER_IP = 20
/** The window of the per-address (client IP) send limit. */
export const SENDS_PER_IP_WINDOW_MS = 60 * 60_000
/** A session token lives this long after its code is verified. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
/** A verified reauth code makes the session fresh (key export allowed) this long. */
export const FRESH_TTL_MS = 5 * 60_000
/** A device approval link works this long after it is sent, once. */
export const DEVICE_APPROVAL_TTL_MS = 15 * 60_000
/** The longest `POST /v1/embedded/device/wait` holds a request (the frame then asks again). */
export const DEVICE_WAIT_MAX_MS = 25_000
/** How often a waiting request looks for the approval (in the database: any instance may serve the link). */
export const DEVICE_WAIT_POLL_MS = 250
/** How often expired codes, sessions and approvals are deleted. */
export const PURGE_MS = 60_000
