import { TooManyRequestsError } from './errors.js'

/** Keys kept before the ones with no event left in their window are dropped (bounds the memory per process). */
export const SLIDING_WINDOW_KEYS_BEFORE_PURGE = 10_000

/**
 * At most `max` events per key in any `windowMs`, in this process's memory: the per-address and per-client caps
 * that need no database. Keys whose events have all left the window are dropped as the map grows, and on `purge`.
 */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>()

  constructor(
    private readonly max: () => number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * Records one event for `key`, or refuses it with the throttle's 429 (its seconds: until the oldest event
   * leaves the window). Returns what takes the event back, for an action that failed after all.
   */
  take(key: string): () => void {
    const now = this.now()
    const recent = this.recent(key, now)
    const oldest = recent[0]
    if (recent.length >= this.max() && oldest !== undefined)
      throw new TooManyRequestsError(Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)))
    if (!this.events.has(key) && this.events.size >= SLIDING_WINDOW_KEYS_BEFORE_PURGE) this.purge()
    recent.push(now)
    this.events.set(key, recent)
    return () => {
      const index = recent.indexOf(now)
      if (index >= 0) recent.splice(index, 1)
    }
  }

  /** Drops the keys with no event left in the window. */
  purge(): void {
    const now = this.now()
    for (const key of [...this.events.keys()]) if (this.recent(key, now).length === 0) this.events.delete(key)
  }

  /** Size of the map (for tests of its bound). */
  get keys(): number {
    return this.events.size
  }

  private recent(key: string, now: number): number[] {
    return (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs)
  }
}
