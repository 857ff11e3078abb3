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
