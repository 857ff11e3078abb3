import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ThrottleNotice } from './ThrottleNotice'

// The behaviour these tests check: spec §8's throttle text, counted down, with Try again held back meanwhile.

afterEach(() => vi.useRealTimers())

const rendered = (retryAt: number) => renderToString(<ThrottleNotice retryAt={retryAt} onRetry={() => {}} />)

describe('ThrottleNotice', () => {
  it("says the spec's text with the seconds left and keeps Try again disabled, then enables it", () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const retryAt = 1_000_000 + 26_000
    expect(rendered(retryAt)).toBe(
      '<div class="throttle-notice"><p class="error" role="alert">Please try again after 26 seconds</p>' +
        '<button type="button" class="secondary-button" disabled="">Try again</button></div>',
    )
    vi.setSystemTime(1_000_000 + 25_500)
    expect(rendered(retryAt)).toContain('Please try again after 1 seconds')
    vi.setSystemTime(retryAt)
    expect(rendered(retryAt)).toBe(
      '<div class="throttle-notice"><button type="button" class="secondary-button">Try again</button></div>',
    )
  })

  it('names its text by id, and keeps Try again off while the step runs, after the wait too', () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const notice = (retryAt: number) =>
      renderToString(<ThrottleNotice id="email-error" retryAt={retryAt} busy onRetry={() => {}} />)
    expect(notice(1_000_000 + 5_000)).toContain('<p id="email-error" class="error" role="alert">')
    expect(notice(1_000_000)).toBe(
      '<div class="throttle-notice"><button type="button" class="secondary-button" disabled="">Try again</button></div>',
    )
  })
})
