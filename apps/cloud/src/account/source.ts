import type { HistoryPage, TokenBalance } from '@allaccess/protocol'

/**
 * Where account data comes from. The routes answer whatever a source gives; the indexer that will fill history
 * and balances is a later source behind this same interface.
 */
export interface AccountSource {
  /** EIP-155 chain ids this source answers for: all that `/v1/supported-chains` may advertise. */
  chains(): readonly number[]
  history(query: {
    chainId: number | undefined
    address: string
    cursor: string | undefined
  }): Promise<HistoryPage>
  balances(query: { chainId: number | undefined; address: string }): Promise<TokenBalance[]>
}

/**
 * No indexer yet: for every chain it is given, history is empty and there is no balance to list. An honest empty
 * answer, where a 404 would make the client show "Failed to fetch transactions".
 */
export function emptyAccountSource(chains: () => readonly number[]): AccountSource {
  return {
    chains,
    history: async () => ({ data: [], next: null }),
    balances: async () => [],
  }
}
