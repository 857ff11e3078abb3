import type { AccountClient } from '../../api/createAccountClient'
import type { NamesClient } from '../../api/createNamesClient'
import type { WalletActions } from '../../chains/types'
import type { QueryCache } from '../../kernel/queryCache'

/** What the account feature's actions are built from; each names what it uses (docs/behaviour.md#account). */
export type AccountDeps = {
  /** The modal's one cache of remote data. */
  cache: QueryCache
  /** The cloud's account calls; undefined when the site has no cloud. */
  cloud: (() => Promise<AccountClient>) | undefined
  /** The cloud's name service, for a name as Send's receiver; undefined when the site has none. */
  names: (() => Promise<NamesClient>) | undefined
  /** The chain and wallet calls of the account's adapter. */
  wallet: () => Promise<WalletActions>
  /** An unexpected failure, for the logs and the analytics' error reports. */
  report: (error: unknown, context: string) => void
}
