/** A token bucket: `perSecond` tokens refill each second, up to a burst of `perSecond`. */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond
    this.last = now
  }

  /** Takes one token; false when the bucket is empty. */
  take(now: number): boolean {
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond)
    this.last = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
