import { describe, expect, it } from 'vitest'
import { SEARCH_RESULTS_MAX, WALLET_PAGE_SIZE, WALLET_PAGE_SIZE_MAX } from './limits'

describe('limits', () => {
  it('are the values the modal documents (docs/behaviour.md#cloud)', () => {
    expect(WALLET_PAGE_SIZE).toBe(40)
    expect(SEARCH_RESULTS_MAX).toBe(100)
  })

  it('let one page hold a whole search answer and the default page', () => {
    expect(WALLET_PAGE_SIZE_MAX).toBeGreaterThanOrEqual(SEARCH_RESULTS_MAX)
    expect(WALLET_PAGE_SIZE_MAX).toBeGreaterThanOrEqual(WALLET_PAGE_SIZE)
  })
})
