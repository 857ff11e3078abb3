/** The most answers kept; past it the cache starts over. */
export const ANSWER_CACHE_ENTRIES = 10_000
/**
 * The longest a balance answer is reused, even while no new block is indexed: the chain can move without the
 * indexer seeing it (it is down, or runs elsewhere and lags). `forceUpdate` always reads the chain.
 */
export const BALANCE_CACHE_MS = 2000

type Entry = { version: string; at: number; answer: Promise<unknown> }

/**
 * Answers keyed by request, each valid only under the indexer version it was computed under (a counter every
 * indexer write bumps). The version is read for every request, but requests arriving while a read is in flight
 * share it: under load that is one primary-key read per round trip instead of one per request, and an answer
 * lags what is indexed by at most that one read. Identical computations in flight are shared too.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private versionInFlight: Promise<string> | undefined

  constructor(private readonly readVersion: () => Promise<string>) {}

  private version(): Promise<string> {
    if (!this.versionInFlight) {
      this.versionInFlight = this.readVersion().finally(() => {
        this.versionInFlight = undefined
      })
    }
    return this.versionInFlight
  }

  async get<T>(key: string, maxAgeMs: number, compute: () => Promise<T>): Promise<T> {
    const version = await this.version()
    const hit = this.entries.get(key)
    if (hit && hit.version === version && Date.now() - hit.at <= maxAgeMs) return hit.answer as Promise<T>
    if (this.entries.size >= ANSWER_CACHE_ENTRIES) this.entries.clear()
    const answer = compute()
    const entry = { version, at: Date.now(), answer }
    this.entries.set(key, entry)
    // A failure is not kept: the next request computes again.
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    })
    return answer
  }
}
