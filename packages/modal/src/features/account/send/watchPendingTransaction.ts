import type { Clock } from '../../../kernel/environment'
import { PENDING_TRANSACTION_POLL_LIMIT, PENDING_TRANSACTION_POLL_MS } from '../constants'

/**
 * The pending-transaction watcher (docs/behaviour.md#transaction-wait): while a sent transaction is pending it
 * looks every 30 s whether it settled, and stops once it did or once its counter reaches the limit. `check`
 * answers true when the transaction is settled. Returns the function that stops it.
 */
export function watchPendingTransaction(
  clock: Clock,
  check: () => Promise<boolean>,
  { pollMs = PENDING_TRANSACTION_POLL_MS, limit = PENDING_TRANSACTION_POLL_LIMIT } = {},
): () => void {
  let count = 0
  let stopped = false
  let timer: unknown
  const tick = () => {
    timer = clock.setTimeout(async () => {
      count += 1
      const settled = await check().catch(() => false)
      if (!stopped && !settled && count < limit) tick()
    }, pollMs)
  }
  tick()
  return () => {
    stopped = true
    clock.clearTimeout(timer)
  }
}
