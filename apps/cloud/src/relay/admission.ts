import { HttpError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_ISSUER, MAX_UPGRADES_PER_MINUTE } from './limits.js'

const MINUTE_MS = 60_000

/** Open sockets counted by key; a key at its cap admits no more until one closes. */
class OpenCount {
  private readonly open = new Map<string, number>()

  constructor(
    private readonly max: number,
    private readonly scope: string,
  ) {}

  /** Counts one more socket for `key` or refuses it with 429. */
  add(key: string): void {
    const count = this.open.get(key) ?? 0
    if (count >= this.max)
      throw new HttpError(429, `Too many relay connections: at most ${this.max} per ${this.scope}`)
    this.open.set(key, count + 1)
  }

  remove(key: string): void {
    const count = (this.open.get(key) ?? 0) - 1
    if (count > 0) this.open.set(key, count)
    else this.open.delete(key)
  }
}

/**
 * Who may open another relay socket: per client address at most MAX_UPGRADES_PER_MINUTE upgrades a minute and
 * MAX_SOCKETS_PER_ADDRESS open sockets, per client key (`iss`) MAX_SOCKETS_PER_ISSUER. In this process's memory.
 */
export class RelayAdmission {
  private readonly upgrades = new SlidingWindowLimit(() => MAX_UPGRADES_PER_MINUTE, MINUTE_MS, Date.now)
  private readonly byAddress = new OpenCount(MAX_SOCKETS_PER_ADDRESS, 'client address')
  private readonly byIssuer = new OpenCount(MAX_SOCKETS_PER_ISSUER, 'client key')

  /** Counts an upgrade attempt (before the costly token check); throws the throttle's 429 past the rate. */
  attempt(address: string): void {
    this.upgrades.take(address)
  }

  /** Counts an open socket of the address and key, or throws 429; returns what gives the place back. */
  admit(address: string, issuer: string): () => void {
    this.byAddress.add(address)
    try {
      this.byIssuer.add(issuer)
    } catch (error) {
      this.byAddress.remove(address)
      throw error
    }
    let released = false
    return () => {
      if (released) return
      released = true
      this.byAddress.remove(address)
      this.byIssuer.remove(issuer)
    }
  }
}
