import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ThrottleNotice } from './ThrottleNotice'

// The behaviour these tests check: docs/behaviour.md#email (a throttled step), spec §8's throttle text.

afterEach(() => vi.useRealTimers())

const rendered = (retryAt: number) =>
  renderToString(<ThrottleNotice retryAt={retryAt} busy={false} onRetry={() => {}} />)

describe('ThrottleNotice', () => {
  it("counts the spec's text down to the wait's end with Try again disabled, then enables Try again", () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const retryAt = 1_000_000 + 26_000
    expect(rendered(retryAt)).toBe(
      '<div class="email-throttle"><p class="email-error" role="alert">Please try again after 26 seconds</p>' +
        '<button type="button" class="secondary-button" disabled="">Try again</button></div>',
    )
    vi.setSystemTime(1_000_000 + 25_500)
    expect(rendered(retryAt)).toContain(
      'Please try again after 1 seconds</p><button type="button" class="secondary-button" disabled="">',
    )
    vi.setSystemTime(retryAt)
    expect(rendered(retryAt)).toBe(
      '<div class="email-throttle"><button type="button" class="secondary-button">Try again</button></div>',
    )
  })
})
