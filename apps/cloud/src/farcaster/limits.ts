/** Sign In With Farcaster's relay: bounds (apps/cloud/README.md#sign-in-with-farcaster). */

/** The relay's routes: public (any origin, no project), as @farcaster/auth-client calls them. */
export const FARCASTER_RELAY_PREFIX = '/v1/channel'
/** Live channels one client address keeps: a new one past it ends the oldest. */
export const CHANNELS_PER_CLIENT = 20
/** Live channels of all clients together: past it new channels wait (429) until the oldest expires. */
export const MAX_CHANNELS = 10_000
/** Largest body `POST /v1/channel` reads. */
export const CHANNEL_BODY_LIMIT = 8 * 1024
/** Largest body `POST /v1/channel/authenticate` reads: the message, a smart custody account's signature, a profile. */
export const AUTHENTICATE_BODY_LIMIT = 64 * 1024
/** The longest Sign In With Farcaster text the relay reads, in characters (the Farcaster app's are about 500). */
export const MESSAGE_MAX_LENGTH = 4096
/** The longest URL (siweUri, redirectUrl, pfpUrl) a channel keeps. */
export const URL_MAX_LENGTH = 2048
/**
 * Refused approvals one channel takes in BAD_APPROVALS_WINDOW_MS (each answered to its sender; the channel stays
 * pending): past them, approvals of that channel get 429 unchecked until the window frees.
 */
export const BAD_APPROVALS_PER_CHANNEL = 5
export const BAD_APPROVALS_WINDOW_MS = 60_000
/** Wrong completion codes one client address may give in COMPLETION_GUESSES_WINDOW_MS (each ends its sign-in). */
export const COMPLETION_GUESSES_PER_IP = 10
export const COMPLETION_GUESSES_WINDOW_MS = 60 * 60_000
/** The embedded wallet's Farcaster sign-ins one client address may start per minute (each opens a channel). */
export const SIGN_INS_PER_IP = 60
export const SIGN_INS_WINDOW_MS = 60_000
/** The longest `POST /v1/embedded/farcaster/result` with `wait` holds a request (the frame then asks again). */
export const SIGN_IN_WAIT_MAX_MS = 25_000
/** How often a waiting request looks at its channel (in this process's memory, like the channel). */
export const SIGN_IN_POLL_MS = 250
/** Waiting result requests one client address may hold at once. */
export const SIGN_IN_WAITS_PER_IP = 8
