import { SOCIAL_ATTEMPT_TTL_SECONDS, type SocialProvider } from '@allaccess/protocol'

/** A sign-in started must be called back and collected within this. */
export const ATTEMPT_TTL_MS = SOCIAL_ATTEMPT_TTL_SECONDS * 1000
/** The longest `POST /v1/embedded/social/result` with `wait` holds a request (the frame then asks again). */
export const RESULT_WAIT_MAX_MS = 25_000
/** How often a waiting request looks for the callback (in the database: any instance may serve it). */
export const RESULT_POLL_MS = 250
/** The longest the cloud waits for a provider's discovery, token or user endpoint, in seconds (openid-client's unit). */
export const PROVIDER_TIMEOUT_SECONDS = 5
/** A provider's discovery (endpoints, keys) is read again after this; sooner when it could not be reached. */
export const PROVIDER_CACHE_MS = 10 * 60_000
/** The largest user API answer read (a profile is a few hundred bytes; GitHub's is about 1.5 KB). */
export const PROFILE_MAX_BYTES = 64 * 1024
/** What the cloud asks an OpenID Connect provider for: who the user is and a name to show. */
export const SOCIAL_SCOPE = 'openid profile email'
/**
 * What the cloud asks a plain OAuth 2.0 provider for, to read its user API: GitHub's public profile, X's
 * `users/me` (which needs `tweet.read` too), Discord's `identify`; `SOCIAL_<P>_SCOPE` replaces it.
 */
export const ENDPOINTS_SCOPES: Readonly<Record<SocialProvider, string>> = {
  github: 'read:user',
  x: 'users.read tweet.read',
  discord: 'identify',
  facebook: 'public_profile',
  google: '',
  apple: '',
}
/** Sign-ins one client address may start per minute: each is a row kept for the attempt's life. */
export const STARTS_PER_IP = 60
export const STARTS_WINDOW_MS = 60_000
/** Waiting `result` requests one client address may hold at once (each looks in the database every 250 ms). */
export const WAITS_PER_IP = 8
