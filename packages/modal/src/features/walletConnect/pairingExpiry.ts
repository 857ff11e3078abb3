import { type Clock, systemClock } from '../../kernel/environment'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS } from './constants'

/** A pairing link expires 4 minutes after it was made. */
export const pairingExpiresAt = (madeAt: number): number => madeAt + PAIRING_EXPIRY_MS

/** A pairing link counts as expired when under 10 seconds remain. */
export const isPairingExpired = (expiresAt: number, now: number): boolean =>
  expiresAt - now < PAIRING_EXPIRY_MARGIN_MS

/**
 * Calls `onExpired` once the link counts as expired. A timer that fires early (throttled tabs, clock
 * changes) checks again rather than trusting itself. Returns a function that cancels.
 */
export function whenPairingExpires(expiresAt: number, onExpired: () => void, clock: Clock = systemClock) {
  let handle: unknown
  const check = () => {
    const now = clock.now()
    if (isPairingExpired(expiresAt, now)) onExpired()
    else handle = clock.setTimeout(check, expiresAt - PAIRING_EXPIRY_MARGIN_MS - now + 1)
  }
  check()
  return () => clock.clearTimeout(handle)
}
