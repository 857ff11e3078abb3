/** The embedded wallet's limits and lifetimes (apps/cloud/README.md#embedded-wallet). */

/** A one-time code is valid this long after it is sent. */
export const CODE_TTL_MS = 10 * 60_000
/** A code dies after this many wrong tries; only a new code helps then. */
export const CODE_MAX_FAILURES = 5
/**
 * Code and approval e-mails one client address may cause per window, by default (EMBEDDED_SENDS_PER_IP): a cap on
 * abuse from one address, high enough for an office behind one (each of its addresses has its own limits below).
 */
export const DEFAULT_SENDS_PER_IP = 200
/** The day of the per-e-mail limits: from that address's first code of the day. */
export const EMAIL_DAY_MS = 24 * 60 * 60_000
/** Code e-mails one address may get in its day (every purpose: sign-in, update, reauth). */
export const CODES_PER_EMAIL_PER_DAY = 10
/**
 * Wrong codes one device key may make for one address in a day; past it, that key gets no new code for that address
 * that day (3 codes' worth). Counted per device key, not per address: a stranger's wrong guesses never shut the
 * user's own devices out.
 */
export const FAILURES_PER_DEVICE_PER_DAY = 15
/**
 * Codes of a day sent at the plain 30 s interval (EMAIL_THROTTLE_SECONDS); each one after doubles the wait:
 * 60 s after the 4th, 120 s after the 5th, and so on.
 */
export const CODES_BEFORE_BACKOFF = 3
/** The window of the per-address (client IP) send limit. */
export const SENDS_PER_IP_WINDOW_MS = 60 * 60_000
/** A session token lives this long after its code is verified. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
/** A verified reauth code makes the session fresh (key export allowed) this long. */
export const FRESH_TTL_MS = 5 * 60_000
/** A device approval link works this long after it is sent, once. */
export const DEVICE_APPROVAL_TTL_MS = 15 * 60_000
/** The longest user agent an approval keeps (to name the browser on the approval page). */
export const USER_AGENT_MAX_LENGTH = 512
/** The longest `POST /v1/embedded/device/wait` holds a request (the frame then asks again). */
export const DEVICE_WAIT_MAX_MS = 25_000
/** How often a waiting request looks for the approval (in the database: any instance may serve the link). */
export const DEVICE_WAIT_POLL_MS = 250
/** How often expired codes, sessions and approvals are deleted. */
export const PURGE_MS = 60_000
/** The frame's origin outside production when EMBEDDED_FRAME_ORIGINS is unset: `npm start`'s (scripts/hosts.ts). */
export const DEV_FRAME_ORIGIN = 'http://wallet.allaccess.localhost:8788'
/** How long a new device's sign-in may collect the recovery share (its enrolment grant), once. */
export const ENROLMENT_TTL_MS = 10 * 60_000
/**
 * The most new devices that may wait for a wallet's approval at once (request fatigue: an approver is not asked
 * over and over); one more is refused (429) until one is answered or its request ends.
 */
export const PENDING_ENROLMENTS_MAX = 3
