import { and, eq, isNotNull } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import type { Db } from '../db/index.js'
import { embeddedUsers } from '../embedded/tables.js'
import type { SiwxChains } from '../siwx/index.js'

/**
 * What a new name needs (apps/cloud/README.md#names), something a fresh key does not have for free: the address
 * holds an All-Access Pass (bought, 1 per wallet, a capped supply), or it is the wallet of an e-mail, social or
 * Farcaster sign-in here (one wallet per verified e-mail address, provider account or fid, set once).
 */
export class NameStanding {
  constructor(
    private readonly db: Db,
    private readonly chains: SiwxChains,
  ) {}

  /** Whether `address` may take a new name; 503 when the pass's chain is needed and down. */
  async allows(address: Address): Promise<boolean> {
    const [wallet] = await this.db
      .select({ id: embeddedUsers.id })
      .from(embeddedUsers)
      .where(and(isNotNull(embeddedUsers.address), eq(embeddedUsers.address, getAddress(address))))
      .limit(1)
    if (wallet) return true
    return (await this.chains.passesOf(address)) > 0
  }
}
