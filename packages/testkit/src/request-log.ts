import type { ProviderRpcErrorShape } from './errors'
import type { WalletRequest, WalletRequestRecord } from './types'

export class WaitForRequestTimeoutError extends Error {
  override readonly name = 'WaitForRequestTimeoutError'
  constructor(method: string, timeout: number) {
    super(`No wallet request "${method}" arrived within ${timeout} ms.`)
  }
}

interface Waiter {
  method: string
  resolve: (record: WalletRequestRecord) => void
}

const DEFAULT_WAIT_TIMEOUT_MS = 10_000

/** Every request the page made, in arrival order, with how it ended. */
export class RequestLog {
  readonly records: WalletRequestRecord[] = []
  private readonly handedOut = new Set<WalletRequestRecord>()
  private readonly waiters = new Set<Waiter>()

  open(request: WalletRequest): WalletRequestRecord {
    const record: WalletRequestRecord = { ...request, outcome: 'pending' }
    this.records.push(record)
    for (const waiter of this.waiters) {
      if (waiter.method !== record.method) continue
      this.waiters.delete(waiter)
      this.handedOut.add(record)
      waiter.resolve(record)
      break
    }
    return record
  }

  succeed(record: WalletRequestRecord, result: unknown): void {
    record.outcome = 'succeeded'
    record.result = result
  }

  fail(record: WalletRequestRecord, error: ProviderRpcErrorShape): void {
    record.outcome = error.code === 4001 ? 'rejected' : 'failed'
    record.error = error
  }

  /**
   * Resolves with the oldest request for `method` that no earlier call returned, waiting for one if needed,
   * so the order of "click" and "wait" in a test does not matter.
   */
  waitFor(method: string, { timeout = DEFAULT_WAIT_TIMEOUT_MS }: { timeout?: number } = {}) {
    const logged = this.records.find((record) => record.method === method && !this.handedOut.has(record))
    if (logged) {
      this.handedOut.add(logged)
      return Promise.resolve(logged)
    }
    return new Promise<WalletRequestRecord>((resolve, reject) => {
      const waiter: Waiter = {
        method,
        resolve: (record) => {
          clearTimeout(timer)
          resolve(record)
        },
      }
      const timer = setTimeout(() => {
        this.waiters.delete(waiter)
        reject(new WaitForRequestTimeoutError(method, timeout))
      }, timeout)
      this.waiters.add(waiter)
    })
  }
}
