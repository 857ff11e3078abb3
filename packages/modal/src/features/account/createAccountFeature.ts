import type { HistoryItem } from '@allaccess/protocol'
import { accountKey, tokenBalancesKey } from '../../api/cacheKeys'
import type { FeatureContext } from '../../app/featureContext'
import type { Network } from '../../chains/types'
import { EMBEDDED_CONNECTOR_TYPES } from '../../embedded/embeddedConnectorTypes'
import { KernelError } from '../../kernel/errors'
import { createStore } from '../../kernel/store'
import { type AccountState, type AccountTab, initialAccountState } from './accountState'
import { createBatches } from './batches/createBatches'
import { OWN_TRANSACTION_POLL_MS, OWN_TRANSACTION_WAIT_MS } from './constants'
import { createPagedLoader } from './createPagedLoader'
import type { AccountDeps } from './deps'
import { AccountErrorText } from './errors'
import { fetchIdentity } from './fetchIdentity'
import { balanceText, type NativeBalance, nativeBalanceKey, nativeBalanceText } from './fetchNativeBalance'
import { activityKey, fetchActivityPage, fetchNftPage } from './fetchPages'
import { fetchTokenBalances } from './fetchTokenBalances'
import { forgetPersisted, persistCache } from './persistCache'
import { createSend } from './send/createSend'

/** docs/behaviour.md#activity: an item that moved spam (an unsolicited airdrop) is not shown. */
const isSpam = (item: HistoryItem) =>
  item.transfers?.some((transfer) => transfer.nft_info?.flags.is_spam) ?? false

/**
 * The account feature's controller (docs/behaviour.md#account): the account state of the connected wallet on
 * its network, and the actions the Account view and its tabs, Send and Receive call. Framework-free: a store and
 * the modal's one cache; the views subscribe.
 */
export function createAccountFeature({
  options,
  env,
  chains,
  banner,
  modal,
  analytics,
  cache,
}: FeatureContext) {
  const api = options.api
  const deps: AccountDeps = {
    cache,
    cloud: api?.account ? () => (api.account as NonNullable<typeof api.account>)() : undefined,
    names: api?.names ? () => (api.names as NonNullable<typeof api.names>)() : undefined,
    async wallet() {
      const adapter = chains.adapterFor(chains.state.getState().activeNamespace)
      if (!adapter.loadWalletActions) throw new KernelError('noWalletActions')
      return adapter.loadWalletActions()
    },
    report(error, context) {
      console.warn(`Account: ${context}`, error)
      analytics.reportError(error, context)
    },
  }
  const state = createStore<AccountState>(initialAccountState())
  const releasePersisted = persistCache(cache, env.storage)
  let network: Network | undefined

  /** The connected account and its network, as the chain layer has them now. */
  function follow() {
    const account = chains.getAccount()
    const { address, currentTab } = state.getState()
    const sameAccount = account.address === address && account.network === network
    if (address && network && !account.address) {
      // Disconnected: what was read for that account goes, from memory and from local storage.
      cache.remove(accountKey(network, address))
      forgetPersisted(env.storage, accountKey(network, address))
    }
    const connector = account.connector
    // The embedded wallet is no wallet the visitor picked: its login's own panel names how they signed in (the
    // e-mail, "Signed in with Google"); its connector's one name would call every provider "E-mail".
    const wallet =
      connector && !EMBEDDED_CONNECTOR_TYPES.has(connector.type)
        ? { name: connector.name, icon: connector.imageUrl ?? connector.info?.icon }
        : undefined
    const family = account.network ? chains.family(account.network.chainNamespace) : undefined
    const common = {
      status: account.status,
      connectedWalletInfo: wallet,
      addressExplorerUrl:
        account.network && account.address
          ? family?.explorerUrl(account.network, 'address', account.address)
          : undefined,
      historyKept: family?.activity ?? true,
      namesKept: family?.names ?? true,
    }
    if (sameAccount) {
      state.setState(common)
      return
    }
    network = account.network
    const seeded = account.address && network ? seededFor(network, account.address) : {}
    state.setState({
      ...initialAccountState(),
      ...common,
      ...seeded,
      currentTab,
      address: account.address,
      caipAddress: account.caipAddress,
    })
  }

  /** What the cache (or local storage, through it) already knows: shown at once, refreshed once stale. */
  function seededFor(on: Network, address: string): Partial<AccountState> {
    const native = cache.get<NativeBalance>(nativeBalanceKey(on, address))?.data
    const tokens = cache.get<AccountState['tokenBalance']>(tokenBalancesKey(on, address))?.data
    return {
      ...(native ? { balance: balanceText(native) } : {}),
      ...(tokens ? { tokenBalance: tokens } : {}),
    }
  }

  const releaseChains = chains.subscribe(follow)
  follow()

  /** The current account and network, when an action has something to act on. */
  const current = () => {
    const { address } = state.getState()
    return address ? { address, network } : undefined
  }
  /** Applies a result only while the same account is on show (a slow answer for a previous one is dropped). */
  const stillCurrent = (address: string) => state.getState().address === address

  /** docs/behaviour.md#balance (a failed lookup shows the default balance). */
  async function loadBalance(): Promise<void> {
    const on = current()
    if (!on?.network) return
    const { address, network: net } = on
    const text = await nativeBalanceText(deps, address, net)
    if (stillCurrent(address)) state.setState({ balance: text, balanceSymbol: text.split(' ')[1] })
  }

  /** A failure only a quiet load saw: the next load the visitor sees announces it. */
  let unannounced = false

  /**
   * docs/behaviour.md#balances: 'Token Balance Unavailable' when the request fails or the network is unsupported.
   * A `quiet` load (read before the visitor asked, see `warm`) announces nothing, and asks the cache in the
   * background: its failure holds nothing back, so the visitor's own open asks again.
   */
  async function loadTokens({ force = false, quiet = false } = {}): Promise<void> {
    const on = current()
    if (!on) return
    state.setState({ tokenBalanceStatus: 'loading' })
    const announce = () => {
      unannounced = false
      banner.show({ variant: 'error', message: AccountErrorText.tokenBalanceUnavailable })
    }
    try {
      const tokenBalance = await fetchTokenBalances(deps, on.address, on.network, {
        force,
        background: quiet,
        onFailed: () => {
          if (quiet) unannounced = true
          else announce()
        },
      })
      unannounced = false
      if (stillCurrent(on.address)) state.setState({ tokenBalance, tokenBalanceStatus: 'ready' })
    } catch (error) {
      if (!quiet && (!on.network || unannounced)) announce()
      if (!stillCurrent(on.address)) return
      console.warn('Token balances unavailable', error)
      state.setState((previous) => ({
        tokenBalance: previous.tokenBalance ?? [],
        tokenBalanceStatus: 'unavailable',
      }))
    }
  }

  async function loadIdentity(): Promise<void> {
    const on = current()
    if (!on || !state.getState().namesKept) return
    const identity = await fetchIdentity(deps, on.address).catch(() => undefined)
    if (!identity || !stillCurrent(on.address)) return
    state.setState((previous) => ({
      profileName: identity.name,
      profileImage: identity.avatar,
      addressLabels: identity.name
        ? { ...previous.addressLabels, [on.address.toLowerCase()]: identity.name }
        : previous.addressLabels,
    }))
  }

  /**
   * docs/behaviour.md#activity: the modal's own transactions (a send, a swap, a purchase) not yet listed, by hash,
   * with the time to stop looking: the indexer trails the chain, and a first page read before it caught up must
   * not stay cached as fresh without them.
   */
  const awaited = new Map<string, number>()
  let awaitTimer: unknown
  function awaitListed(address: string, on: Network, items: HistoryItem[]) {
    const now = env.clock.now()
    for (const item of items) awaited.delete(item.metadata.hash.toLowerCase())
    for (const [hash, until] of awaited) if (until <= now) awaited.delete(hash)
    if (awaited.size === 0 || awaitTimer !== undefined) return
    cache.invalidate(`${activityKey(on, address)}:`)
    awaitTimer = env.clock.setTimeout(() => {
      awaitTimer = undefined
      // Asked again only while someone may be looking at the list; otherwise the next open asks.
      if (stillCurrent(address) && state.getState().currentTab === 'activity') void activity.load()
    }, OWN_TRANSACTION_POLL_MS)
  }

  // docs/behaviour.md#activity: a failure shows a banner and leaves the list empty.
  /** What a paged list reads and writes: the account on show, and the store's lists. */
  const list = { state, current, stillCurrent }
  const activity = createPagedLoader(list, {
    field: 'activity',
    fetchPage: (address, on, cursor) => fetchActivityPage(deps, address, on, cursor),
    keep: (item: HistoryItem) => !isSpam(item),
    onFailed: () => banner.show({ variant: 'error', message: AccountErrorText.failedToFetchTransactions }),
    afterFirstPage: awaitListed,
  })
  const nfts = createPagedLoader(list, {
    field: 'nfts',
    fetchPage: (address, on, cursor) => fetchNftPage(deps, address, on, cursor),
    keep: () => true,
    onFailed: () => {},
  })

  const tabLoaders: Record<AccountTab, () => Promise<void>> = {
    tokens: () => loadTokens(),
    nfts: nfts.load,
    activity: activity.load,
  }

  /** What the Account view shows on opening: the header's balance and name, and the current tab. */
  function load(): Promise<void> {
    return Promise.all([loadBalance(), loadIdentity(), tabLoaders[state.getState().currentTab]()]).then(
      () => {},
    )
  }

  /**
   * After a transaction: every balance and list of the account is read again; with the transaction's hash,
   * Activity keeps asking until the cloud lists it (OWN_TRANSACTION_WAIT_MS at most).
   */
  function refresh(transaction?: string): Promise<void> {
    const on = current()
    if (transaction) awaited.set(transaction.toLowerCase(), env.clock.now() + OWN_TRANSACTION_WAIT_MS)
    if (on?.network) cache.invalidate(accountKey(on.network, on.address))
    const { currentTab } = state.getState()
    // The tokens past the cloud's own cache too (`forceUpdate`): it may keep an answer a moment, and the
    // transaction just changed it. Read whatever the tab, so Tokens is right when it is next shown.
    return Promise.all([
      loadBalance(),
      loadIdentity(),
      loadTokens({ force: true, quiet: currentTab !== 'tokens' }),
      currentTab === 'tokens' ? undefined : tabLoaders[currentTab](),
    ]).then(() => {})
  }

  const send = createSend({
    deps,
    account: () => ({ ...state.getState(), network }),
    modal,
    env,
    refresh,
    options: options.account ?? {},
    family: chains.family,
  })

  // docs/behaviour.md#account: what Account shows first (the header, and Tokens when that is the tab) is read as
  // soon as an account is connected (this feature loads when the page is idle), quietly, so opening Account
  // paints it from the cache instead of waiting on the cloud.
  const warm = () => {
    const { address, status, currentTab } = state.getState()
    if (!address || !network || status !== 'connected') return
    void loadBalance()
    void loadIdentity()
    if (currentTab === 'tokens') void loadTokens({ quiet: true })
  }
  const releaseWarm = state.subscribe((current) => `${current.caipAddress}:${current.status}`, warm)
  // Another namespace is another account: Account follows it (the wallet that connected there may have changed
  // nothing else), and a half-filled Send (token, amount, receiver) does not carry over.
  const releaseNamespace = chains.state.subscribe(
    (current) => current.activeNamespace,
    () => {
      follow()
      send.reset()
    },
  )
  warm()

  return {
    state,
    load,
    refresh,
    loadTokens,
    loadMoreActivity: activity.loadMore,
    loadMoreNfts: nfts.loadMore,
    /** Shows a tab (`currentTab`) and loads what it lists. */
    setTab(tab: AccountTab): Promise<void> {
      state.setState({ currentTab: tab })
      return tabLoaders[tab]()
    },
    send,
    /** Atomic batches of the connected wallet, sponsored by the site's paymaster when asked. */
    batches: createBatches({
      wallet: deps.wallet,
      account: current,
      paymasterUrl: api?.paymasterUrl?.bind(api),
      clock: env.clock,
      refresh,
    }),
    /** The network the account is on, when the site configures it. */
    network: () => network,
    destroy() {
      env.clock.clearTimeout(awaitTimer)
      releaseWarm()
      releaseNamespace()
      send.destroy()
      releaseChains()
      releasePersisted()
    },
  }
}

export type AccountFeature = ReturnType<typeof createAccountFeature>
