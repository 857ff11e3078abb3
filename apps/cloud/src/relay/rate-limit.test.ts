import { describe, expect, it } from 'vitest'
import { TokenBucket } from './rate-limit.js'

describe('TokenBucket', () => {
  it('allows a burst of perSecond, then refills at perSecond', () => {
    const bucket = new TokenBucket(3, 0)
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(bucket.take(334)).toBe(true)
    expect(bucket.take(334)).toBe(false)
    expect([bucket.take(10_000), bucket.take(10_000), bucket.take(10_000), bucket.take(10_000)]).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})
