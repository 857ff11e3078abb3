import { describe, expect, it } from 'vitest'
import type { Clock } from '../../kernel/environment'
import { PAIRING_EXPIRY_MS } from './constants'
import { isPairingExpired, pairingExpiresAt, whenPairingExpires } from './pairingExpiry'

// The behaviour these tests check: docs/behaviour.md#walletconnect.

/** A clock that only moves when the test says so. */
function manualClock(start = 1_000_000) {
  let now = start
  let timers: { at: number; run: () => void; id: number }[] = []
  let nextId = 0
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.push({ at: now + ms, run, id: ++nextId })
      return nextId
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id)
    },
  }
  const advance = (ms: number) => {
    now += ms
    for (const timer of timers.filter((candidate) => candidate.at <= now)) {
      timers = timers.filter((candidate) => candidate !== timer)
      timer.run()
    }
  }
  return { clock, advance, pending: () => timers.length }
}

describe('Pairing link: expires after 4 minutes, treated as expired when under 10 seconds remain', () => {
  it('expires 4 minutes after it was made', () => {
    expect(pairingExpiresAt(5_000)).toBe(5_000 + 4 * 60_000)
    expect(PAIRING_EXPIRY_MS).toBe(240_000)
  })

  it('counts as expired with under 10 s left, not at exactly 10 s', () => {
    const expiresAt = pairingExpiresAt(0)
    expect(isPairingExpired(expiresAt, 229_999)).toBe(false)
    expect(isPairingExpired(expiresAt, 230_000)).toBe(false)
    expect(isPairingExpired(expiresAt, 230_001)).toBe(true)
    expect(isPairingExpired(expiresAt, 300_000)).toBe(true)
  })

  it('reports expiry once, at 3 min 50 s and not before', () => {
    const { clock, advance } = manualClock()
    let expired = 0
    whenPairingExpires(pairingExpiresAt(clock.now()), () => expired++, clock)
    advance(229_000)
    expect(expired).toBe(0)
    advance(1_001)
    expect(expired).toBe(1)
    advance(600_000)
    expect(expired).toBe(1)
  })

  it('a link already past its margin is reported at once', () => {
    const { clock } = manualClock()
    let expired = 0
    whenPairingExpires(clock.now() + 9_000, () => expired++, clock)
    expect(expired).toBe(1)
  })

  it('cancelling stops the report', () => {
    const { clock, advance, pending } = manualClock()
    let expired = 0
    const cancel = whenPairingExpires(pairingExpiresAt(clock.now()), () => expired++, clock)
    cancel()
    expect(pending()).toBe(0)
    advance(PAIRING_EXPIRY_MS)
    expect(expired).toBe(0)
  })
})
