import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { systemClock } from '../../../kernel/environment'
import { PENDING_TRANSACTION_POLL_LIMIT, PENDING_TRANSACTION_POLL_MS } from '../constants'
import { watchPendingTransaction } from './watchPendingTransaction'

// The behaviour these tests check: docs/behaviour.md#transaction-wait.

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Transaction wait: the pending-transaction watcher', () => {
  it('looks every 30 s and stops once its counter reaches the limit', async () => {
    const check = vi.fn(async () => false)
    watchPendingTransaction(systemClock, check)
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS - 1)
    expect(check).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(check).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS * (PENDING_TRANSACTION_POLL_LIMIT + 5))
    expect(check).toHaveBeenCalledTimes(PENDING_TRANSACTION_POLL_LIMIT)
  })

  it('stops once the transaction settled, or when stopped', async () => {
    const settled = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true)
    watchPendingTransaction(systemClock, settled)
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS * 10)
    expect(settled).toHaveBeenCalledTimes(2)

    const check = vi.fn(async () => false)
    const stop = watchPendingTransaction(systemClock, check)
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS)
    stop()
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS * 10)
    expect(check).toHaveBeenCalledOnce()
  })
})
