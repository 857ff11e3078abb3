/** The most answers kept; past it the cache starts over. */
export const ANSWER_CACHE_ENTRIES = 10_000
/**
 * The longest a balance answer is reused, even while no new block is indexed: the chain can move without the
 * indexer seeing it (it is down, or runs elsewhere and lags). `forceUpdate` always reads the chain.
 */
export const BALANCE_CACHE_MS = 2000

/**
 * How long a version read stands in for the next ones while this process commits no write: the most answers
 * lag writes made by other processes (another instance indexing into the same PostgreSQL) beyond one read.
 */
export const VERSION_REUSE_MS = 100

type Entry = { version: string; at: number; answer: Promise<unknown> }

/** Where the cache learns what answers depend on. */
export type VersionSource = {
  /** The indexer version (a counter every indexer write bumps): one database read. */
  read(): Promise<string>
  /** How many version bumps this process has committed so far. */
  bumpsHere(): number
}

/**
 * Answers keyed by request, each valid only under the indexer version it was computed under. Requests arriving
 * while a version read is in flight share it, and a read stands for VERSION_REUSE_MS as long as this process
 * commits no bump: a write here is seen by the next request, one elsewhere within VERSION_REUSE_MS and one read.
 * Reading the version for every request instead would cost (on PGlite, in this process) more than answering it.
 * Identical computations in flight are shared too.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private versionInFlight: Promise<string> | undefined
  private lastRead: { version: string; at: number; bumps: number } | undefined

  constructor(private readonly versions: VersionSource) {}

  /** The last version read, while it still stands. */
  private recentVersion(): string | undefined {
    const last = this.lastRead
    return last && Date.now() - last.at <= VERSION_REUSE_MS && last.bumps === this.versions.bumpsHere()
      ? last.version
      : undefined
  }

  private readVersion(): Promise<string> {
    if (!this.versionInFlight) {
      // Taken before the read: a bump committed while it runs leaves the read standing for nothing.
      const at = Date.now()
      const bumps = this.versions.bumpsHere()
      this.versionInFlight = this.versions
        .read()
        .then((version) => {
          this.lastRead = { version, at, bumps }
          return version
        })
        .finally(() => {
          this.versionInFlight = undefined
        })
    }
    return this.versionInFlight
  }

  async get<T>(key: string, maxAgeMs: number, compute: () => Promise<T>): Promise<T> {
    const version = this.recentVersion() ?? (await this.readVersion())
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
