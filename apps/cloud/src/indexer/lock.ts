import pg from 'pg'

/**
 * A PostgreSQL session advisory lock per chain, held on a connection of its own for as long as this process
 * indexes the chain: a second cloud process (or `npm run cloud -- indexer`) on the same database waits as a
 * standby and takes over when the holder's connection ends. The key is derived in SQL from the chain id.
 */
export class ChainLock {
  private client: pg.Client | undefined
  private lost = false

  constructor(
    private readonly databaseUrl: string,
    private readonly chainId: number,
  ) {}

  /** True while held; tries to take it when not. A lost connection loses the lock, and this answers false. */
  async hold(): Promise<boolean> {
    if (this.client && !this.lost) return true
    await this.release()
    const client = new pg.Client({ connectionString: this.databaseUrl })
    client.on('error', () => {
      this.lost = true
    })
    client.on('end', () => {
      this.lost = true
    })
    try {
      await client.connect()
      const { rows } = await client.query<{ taken: boolean }>(
        "select pg_try_advisory_lock(hashtextextended('allaccess-indexer:' || $1::text, 0)) as taken",
        [this.chainId],
      )
      if (rows[0]?.taken) {
        this.client = client
        this.lost = false
        return true
      }
    } catch {
      // The database is unreachable: no lock this time.
    }
    await client.end().catch(() => {})
    return false
  }

  async release(): Promise<void> {
    const client = this.client
    this.client = undefined
    // Ending the session releases its advisory locks.
    await client?.end().catch(() => {})
  }
}
