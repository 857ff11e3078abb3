import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBanner } from './banner'
import { BANNER_REPLACEMENT_DELAY_MS } from './constants'

// The behaviour these tests check: docs/behaviour.md#banner.

afterEach(() => vi.useRealTimers())

describe('Notification banner', () => {
  it('shows a banner at once when none is open', () => {
    const banner = createBanner()
    banner.show({ variant: 'success', message: 'Address copied' })
    expect(banner.getState().banner).toMatchObject({ variant: 'success', message: 'Address copied' })
  })

  it('showing a new banner while one is open closes the old one, then shows the new one after 150 ms', () => {
    vi.useFakeTimers()
    const banner = createBanner()
    banner.show({ variant: 'loading', message: 'Connecting' })
    banner.show({ variant: 'error', message: 'Connection rejected' })
    expect(banner.getState().banner).toBeNull()
    vi.advanceTimersByTime(BANNER_REPLACEMENT_DELAY_MS - 1)
    expect(banner.getState().banner).toBeNull()
    vi.advanceTimersByTime(1)
    expect(banner.getState().banner).toMatchObject({ variant: 'error', message: 'Connection rejected' })
  })

  it('hide cancels a banner that is waiting to show', () => {
    vi.useFakeTimers()
    const banner = createBanner()
    banner.show({ variant: 'info', message: 'a' })
    banner.show({ variant: 'info', message: 'b' })
    banner.hide()
    vi.advanceTimersByTime(BANNER_REPLACEMENT_DELAY_MS)
    expect(banner.getState().banner).toBeNull()
  })
})
