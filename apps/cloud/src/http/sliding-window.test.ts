import { describe, expect, it } from 'vitest'
import { SLIDING_WINDOW_KEYS_BEFORE_PURGE, SlidingWindowLimit } from './sliding-window.js'

describe('SlidingWindowLimit', () => {
  it('lets `max` events per key through in any window, then answers 429 with the seconds until the oldest leaves', () => {
    let now = 1_000_000
    const limit = new SlidingWindowLimit(
      () => 2,
      60_000,
      () => now,
    )
    limit.take('a')
    now += 10_000
    limit.take('a')
    limit.take('b')
    expect(() => limit.take('a')).toThrow('Please try again after 50 seconds')
    now += 50_000
    limit.take('a')
    expect(() => limit.take('a')).toThrow('Please try again after 10 seconds')
  })

  it('takes an event back for an action that failed after all', () => {
    const limit = new SlidingWindowLimit(
      () => 1,
      60_000,
      () => 5,
    )
    const undo = limit.take('a')
    undo()
    expect(() => limit.take('a')).not.toThrow()
  })

  it('drops keys whose window is empty: on purge, and as the map grows past its bound', () => {
    let now = 0
    const limit = new SlidingWindowLimit(
      () => 1,
      1_000,
      () => now,
    )
    for (let key = 0; key < SLIDING_WINDOW_KEYS_BEFORE_PURGE; key++) limit.take(`k${key}`)
    expect(limit.keys).toBe(SLIDING_WINDOW_KEYS_BEFORE_PURGE)
    now += 1_001
    limit.take('new')
    expect(limit.keys).toBe(1)
    now += 1_001
    limit.purge()
    expect(limit.keys).toBe(0)
  })
})
