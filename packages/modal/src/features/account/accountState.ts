import type { HistoryItem, Nft, TokenBalance } from '@allaccess/protocol'

/** The Account view's tabs, in their order. */
export const ACCOUNT_TABS = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/** A list read page by page: its items so far, the cursor of the next page (null after the last). */
export type Paged<T> = {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  items: T[]
  next: string | null
  loadingMore: boolean
}

export const emptyPage = <T>(): Paged<T> => ({ status: 'idle', items: [], next: null, loadingMore: false })

/**
 * The account state (docs/behaviour.md#account): the product's fields that this release fills, and how far each
 * of the Account view's lists has loaded.
 */
export type AccountState = {
  currentTab: AccountTab
  address: string | undefined
  caipAddress: string | undefined
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  /** The native balance, truncated to 3 decimals; undefined while the first read is on its way. */
  balance: string | undefined
  balanceSymbol: string | undefined
  /** Token balances; undefined until they first load. */
  tokenBalance: TokenBalance[] | undefined
  tokenBalanceStatus: 'idle' | 'loading' | 'ready' | 'unavailable'
  profileName: string | null
  profileImage: string | null
  /** Names known for addresses (the account's own, counterparties'), lower-case address → name. */
  addressLabels: Record<string, string>
  addressExplorerUrl: string | undefined
  /** The cloud keeps the network family's history and names (`ChainFamily.activity`, `.names`): EVM's only. */
  historyKept: boolean
  namesKept: boolean
  /** The connected wallet, shown in the header. */
  connectedWalletInfo: { name: string; icon: string | undefined } | undefined
  activity: Paged<HistoryItem>
  nfts: Paged<Nft>
}

export const initialAccountState = (): AccountState => ({
  currentTab: 'tokens',
  address: undefined,
  caipAddress: undefined,
  status: 'disconnected',
  balance: undefined,
  balanceSymbol: undefined,
  tokenBalance: undefined,
  tokenBalanceStatus: 'idle',
  profileName: null,
  profileImage: null,
  addressLabels: {},
  addressExplorerUrl: undefined,
  historyKept: true,
  namesKept: true,
  connectedWalletInfo: undefined,
  activity: emptyPage(),
  nfts: emptyPage(),
})
