import type { TokenBalance } from '@allaccess/protocol'
import type { Modal } from '../app/modal'
import { accountFeature } from '../features/account/accountFeature'
import type { AccountState } from '../features/account/accountState'
import { deriveFromFeature, type Readable } from './readable'

/** The connected account's balances, as the Account view shows them (docs/behaviour.md#balance, #balances). */
export type BalancesState = {
  /** The native balance, truncated to 3 decimals, with its symbol ("1.234 ETH"); undefined until read. */
  balance: string | undefined
  /** Token balances (the native coin's among them); undefined until they first load. */
  tokens: TokenBalance[] | undefined
  /** 'unavailable': the cloud could not list them (the modal's banner says 'Token Balance Unavailable'). */
  tokensStatus: AccountState['tokenBalanceStatus']
}

export type Balances = Readable<BalancesState> & {
  /** Reads the balances of the account on show (cached reads are shown at once, refreshed when stale). */
  load(): Promise<void>
}

const NONE: BalancesState = { balance: undefined, tokens: undefined, tokensStatus: 'idle' }

/** The balances of a site's own account panel, over the modal's account feature and its cache. */
export function createBalances(modal: Modal): Balances {
  const readable = deriveFromFeature(modal, accountFeature, {
    stores: (account) => [account.state],
    inputs: (account) => {
      const state = account?.state.getState()
      return [state?.balance, state?.tokenBalance, state?.tokenBalanceStatus]
    },
    compute(account) {
      if (!account) return NONE
      const { balance, tokenBalance, tokenBalanceStatus } = account.state.getState()
      return { balance, tokens: tokenBalance, tokensStatus: tokenBalanceStatus }
    },
  })
  return {
    ...readable,
    async load() {
      await modal.loadFeatures()
      const account = modal.feature(accountFeature)
      await Promise.all([account.load(), account.loadTokens()])
    },
  }
}
