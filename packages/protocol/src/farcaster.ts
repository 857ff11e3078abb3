/**
 * Sign In With Farcaster through the cloud's relay (apps/cloud/README.md#sign-in-with-farcaster): the relay's
 * lifetimes, the refusal texts and the devnet's shared relay key, between the cloud, the frame and the testkit.
 */

/**
 * How long a channel waits for the Farcaster app: @farcaster/auth-client's `watchStatus` default time-out, so the
 * relay forgets a channel when its clients give up on it.
 */
export const FARCASTER_CHANNEL_TTL_MS = 300_000
/** The header that carries the shared relay key on `POST /v1/channel/authenticate` (the Farcaster app's). */
export const FARCASTER_RELAY_KEY_HEADER = 'x-farcaster-auth-relay-key'
/**
 * The devnet's shared relay key (the cloud's default FARCASTER_RELAY_KEY outside production; public, like every dev
 * key): the testkit's Farcaster client approves with it.
 */
export const DEVNET_FARCASTER_RELAY_KEY = 'devnet-farcaster-relay-key-not-secret'
/** The chain every Sign In With Farcaster message names (Farcaster's contracts live on OP Mainnet). */
export const FARCASTER_MESSAGE_CHAIN_ID = 10

/** The `message` of the relay's and the verification's refusals (each with its code in ERROR_CODES). */
export const FARCASTER_TEXTS = {
  channelUnknown: 'This Farcaster sign-in is unknown, has expired or was already used. Start again.',
  pending: 'This Farcaster sign-in has not been approved in the Farcaster app yet.',
  completed: 'This Farcaster sign-in was already approved.',
  relayKey: 'The relay key is missing or wrong.',
  invalidMessage: 'This is not a Sign In With Farcaster message the cloud can read.',
  messageMismatch: 'This Sign In With Farcaster message was not made for this sign-in request.',
  expired: 'This Sign In With Farcaster message has expired or is not valid yet.',
  invalidSignature: 'The message is not signed by the custody address of its fid.',
} as const
