/**
 * The relay's fixed limits, each named once (the configurable ones are `RELAY_*` in the cloud's
 * configuration; docs/relay.md "Limits" lists both).
 */

/** Room for a batch of the largest messages plus the JSON around them; bigger frames close the socket (1009). */
export const FRAME_FACTOR = 4

/**
 * A socket may have this many times `RELAY_MAX_MESSAGE_BYTES` waiting to be sent (beyond what the kernel
 * took); past it the client is too slow to keep up and is dropped. Room for a replay page and live messages.
 */
export const BUFFERED_FACTOR = 4

/** One page of cached messages (an `irn_batchFetchMessages` reply, a step of a subscribe's replay): at most this many… */
export const PAGE_MAX_MESSAGES = 100

/** …and at most this many times `RELAY_MAX_MESSAGE_BYTES` of messages (always at least one message). */
export const PAGE_BYTES_FACTOR = 2

/** Topics in one batch request (`irn_batchSubscribe`, `irn_batchUnsubscribe`, `irn_batchFetchMessages`). */
export const MAX_BATCH_TOPICS = 500

/** Messages in one `irn_batchPublish`. */
export const MAX_BATCH_MESSAGES = 100

/** Clocks of clients and relay may differ a little. */
export const CLOCK_SKEW_SECONDS = 60

/** Longest client token accepted: the official clients sign theirs for one day. */
export const MAX_TOKEN_LIFETIME_SECONDS = 86_400

/** How often expired messages are deleted. */
export const PURGE_MS = 60_000

/** Open sockets per client address (a browser has one per app, a NAT a few dozen users). */
export const MAX_SOCKETS_PER_ADDRESS = 50

/** Open sockets per client key (`iss`): one per tab of an app that shares its key. */
export const MAX_SOCKETS_PER_ISSUER = 10

/** Upgrades (successful or not) per client address and minute: the clients reconnect with a back-off. */
export const MAX_UPGRADES_PER_MINUTE = 120

/**
 * Message ids a socket remembers having delivered, acknowledged or not, so a message reaching it by two roads (a
 * subscription's replay and another process's announcement) is delivered once; the oldest are forgotten past this.
 */
export const DELIVERED_IDS_REMEMBERED = 10_000
