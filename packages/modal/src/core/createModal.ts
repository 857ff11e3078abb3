import { createBanner } from './banner'
import { toCaipNetworkId } from './caip'
import type { ConnectExtras } from './connectExtras'
import type { ConnectMethod } from './connectMethods'
import { NATIVE_BALANCE_CACHE_MS, SHAKE_MS } from './constants'
import { ConnectionErrorText, type ErrorText, ModalError, WalletErrorText } from './errors'
import type { Features } from './features'
import { isUserRejection } from './isUserRejection'
import { type OpenContext, resolveOpenView, viewAfterClose } from './openRules'
import { currentEntry, goBack, push, type RouterState, replace, reset, returnToPrevious } from './router'
import { createStore, type Store } from './store'
import { mergeThemeVariables, parseThemeMode, type ThemeMode, type ThemeVariables } from './theme'
import type { Balance, ChainAdapter, ChainNamespace, CloudApi, Connector, Network } from './types'
import type { RouteEntry, View, ViewData } from './views'
import { createWalletConnectFlow } from './walletConnectFlow'
import type { WalletPickerOptions } from './walletPicker'
import type { WalletOption } from './walletSections'

export type { ThemeMode, ThemeVariables }

export type AppMetadata = { name: string; description: string; url: string; icons: string[] }

export type ModalOptions = {
  adapters: ChainAdapter[]
  metadata: AppMetadata
  projectId: string
  /** The cloud's services (directory, remote config, origins); `createCloudClient({ baseUrl, projectId })`. */
  api?: CloudApi
  /** Embedded mode: the modal lives inside the page, so closing shows Account when connected (spec §2). */
  embeddedMode?: boolean
  /** Manual WalletConnect pairing control (spec §2 "Opening the modal"). */
  manualPairing?: boolean
  /** Keep the modal quiet when the wallet sits on a network that is not configured. */
  allowUnsupportedChain?: boolean
  /** light or dark; unset follows the system's colour scheme. */
  themeMode?: ThemeMode
  /** Theme variables as CSS custom properties, e.g. `{ '--aap-accent': '#e8590c' }`. */
  themeVariables?: ThemeVariables
  /** Decides the mobile branches of the opening rules; defaults to a coarse-pointer media query. */
  isMobile?: () => boolean
  /** Local feature switches; the project's remote features are merged over them (spec §9, §6). */
  features?: Partial<Features>
  /** The order of the Connect view's methods (spec §2); by default it depends on installed wallets. */
  connectMethodsOrder?: ConnectMethod[]
  /**
   * Registers the connectors that load at run time (e.g. `() => addWalletConnectConnector(config, options)`):
   * run when the modal is first used, and the Connect view waits for it, so they are listed from the start.
   */
  connectors?: () => Promise<unknown>
} & WalletPickerOptions

export type ModalState = {
  open: boolean
  shake: boolean
  router: RouterState
  /** The catalogue text of the last failure of the current step, shown by the view that waits on it. */
  error: ErrorText | null
  /** light or dark; undefined follows the system. Starts from `options.themeMode`, changed by setThemeMode. */
  themeMode: ThemeMode | undefined
  /** Starts from `options.themeVariables`, changed by setThemeVariables. */
  themeVariables: ThemeVariables
}

export type AccountSnapshot = {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  address: string | undefined
  caipAddress: string | undefined
  chainId: number | string | undefined
  /** The configured network the wallet is on; undefined when it sits on an unconfigured one. */
  network: Network | undefined
  connector: Connector | undefined
}

export type OpenOptions = { view?: View; data?: ViewData; namespace?: ChainNamespace }

export type Modal = ReturnType<typeof createModal>

export function createModal(options: ModalOptions) {
  const { adapters } = options
  const networks = adapters.flatMap((adapter) => adapter.networks)
  const store: Store<ModalState> = createStore<ModalState>({
    open: false,
    shake: false,
    router: reset('Connect'),
    error: null,
    themeMode: parseThemeMode(options.themeMode),
    themeVariables: mergeThemeVariables({}, options.themeVariables ?? {}),
  })
  const banner = createBanner()
  // A notification belongs to the moment it was shown in: it does not outlive the modal.
  store.subscribe((state, previous) => {
    if (previous.open && !state.open) banner.hide()
  })
  let extras: ConnectExtras | undefined
  let loadingExtras: Promise<ConnectExtras> | undefined

  /** Configuration, wallet picker and alerts: a separate chunk, fetched when the modal is first used. */
  function loadExtras(): Promise<ConnectExtras> {
    loadingExtras ??= Promise.all([import('./connectExtras'), loadConnectors()]).then(
      ([{ createConnectExtras }]) => {
        extras = createConnectExtras(
          { ...options, storage: options.storage ?? browserStorage() },
          { getConnectors: () => getConnectors(), isMobile: () => isMobile(), showBanner: banner.show },
        )
        return extras
      },
    )
    return loadingExtras
  }

  /** A connector that fails to load leaves the others usable: the modal still opens. */
  function loadConnectors(): Promise<unknown> {
    return (options.connectors?.() ?? Promise.resolve()).catch((error: unknown) =>
      console.error('The modal could not register its run-time connectors', error),
    )
  }

  function getExtras(): ConnectExtras {
    if (!extras) throw new Error('The modal extras are not loaded yet: await modal.loadExtras() first')
    return extras
  }
  const balanceCache = new Map<string, { at: number; balance: Promise<Balance> }>()
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  const abandonConnects = () => {
    for (const adapter of adapters) adapter.abandonConnect?.()
  }
  const activeAdapter = (): ChainAdapter => {
    const adapter = adapters[0]
    if (!adapter) throw new ModalError(ConnectionErrorText.chainAdapterNotFound)
    return adapter
  }

  let lastAccount: { state: unknown; connectors: unknown; snapshot: AccountSnapshot } | undefined

  /** A stable snapshot: the same object until the connection state or connectors change (useSyncExternalStore). */
  function getAccount(): AccountSnapshot {
    const adapter = adapters[0]
    const state = adapter?.getConnectionState()
    const connectors = adapter?.getConnectors()
    if (lastAccount && lastAccount.state === state && lastAccount.connectors === connectors)
      return lastAccount.snapshot
    const snapshot = readAccount(adapter, state, connectors)
    lastAccount = { state, connectors, snapshot }
    return snapshot
  }

  function readAccount(
    adapter: ChainAdapter | undefined,
    state: ReturnType<ChainAdapter['getConnectionState']> | undefined,
    connectors: Connector[] | undefined,
  ): AccountSnapshot {
    const connection = state?.current ? state.connections.get(state.current) : undefined
    const address = connection?.accounts[0]?.address
    const chainId = connection?.chainId
    const network = networks.find((candidate) => String(candidate.id) === String(chainId))
    return {
      status: state?.status ?? 'disconnected',
      address,
      caipAddress:
        address && adapter ? `${toCaipNetworkId(adapter.namespace, chainId ?? '')}:${address}` : undefined,
      chainId,
      network,
      connector: connectors?.find((candidate) => candidate.id === connection?.connectorId),
    }
  }

  let lastConnectors: { parts: Connector[][]; all: Connector[] } | undefined

  /** Every adapter's connectors, the same array until one of them changes (useSyncExternalStore). */
  function getConnectors(): Connector[] {
    const parts = adapters.map((adapter) => adapter.getConnectors())
    if (lastConnectors?.parts.every((part, index) => part === parts[index])) return lastConnectors.all
    lastConnectors = { parts, all: parts.flat() }
    return lastConnectors.all
  }

  /** The views that show a WalletConnect pairing link (spec §2). */
  const isPairingView = (view: View) =>
    view === 'ConnectingWalletConnect' || view === 'ConnectingWalletConnectBasic'
  const walletConnect = createWalletConnectFlow({
    adapter: () => activeAdapter(),
    isWaiting: () => store.getState().open && isPairingView(currentEntry(store.getState().router).view),
    onConnected: (connectorId) => {
      rememberConnector(connectorId)
      close()
    },
    onFailed: (error) => {
      // A link that never came leaves the connector's attempt pending: not "connecting" any more.
      abandonConnects()
      store.setState({
        error: isUserRejection(error)
          ? ConnectionErrorText.connectionRejected
          : ConnectionErrorText.failedToConnect,
      })
    },
  })
  // A pairing view makes a link whenever it comes into view (also by Back, also for Try again); leaving it
  // (back, close, connected) stops the link's refresh.
  let pairing: Promise<void> = Promise.resolve()
  store.subscribe((state, previous) => {
    const entry = currentEntry(state.router)
    const before = currentEntry(previous.router)
    const showing = state.open && isPairingView(entry.view)
    if (showing && entry.data?.connectorId && (entry !== before || !previous.open)) {
      pairing = walletConnect.pair(entry.data.connectorId)
    } else if (!showing && previous.open && isPairingView(before.view)) {
      walletConnect.cancel()
      abandonConnects()
    }
  })
  const walletConnectConnector = () =>
    getConnectors().find((connector) => connector.type === 'WALLET_CONNECT')

  /** Shows the pairing view (staying on the one on show) and makes a pairing link with the connector. */
  function pairWalletConnect(connectorId: string, walletId?: string): Promise<void> {
    const { router } = store.getState()
    const current = currentEntry(router).view
    const entry: RouteEntry = {
      view: isPairingView(current) ? current : 'ConnectingWalletConnect',
      data: { connectorId, ...(walletId ? { walletId } : {}) },
    }
    setRouter(isPairingView(current) ? replace(router, entry) : push(router, entry))
    return pairing
  }

  const isOnUnsupportedChain = (account = getAccount()) =>
    Boolean(account.address && account.chainId !== undefined && !account.network)

  const isMobile =
    options.isMobile ??
    (() => typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (max-width: 640px)').matches)

  const setRouter = (router: RouterState) => store.setState({ router, error: null })

  function open(request: OpenOptions = {}) {
    const account = getAccount()
    const context: OpenContext = {
      requested: request.view
        ? { view: request.view, ...(request.data ? { data: request.data } : {}) }
        : undefined,
      targetNamespace: request.namespace,
      activeNamespace: adapters[0]?.namespace,
      address: account.address,
      adapterCount: adapters.length,
      isMobile: isMobile(),
      manualPairing: options.manualPairing ?? false,
      onUnsupportedChain: isOnUnsupportedChain(account),
    }
    // Configuration and the directory's picks are fetched on first use, never on page load.
    void loadExtras().then(({ configuration, walletPicker }) => {
      void configuration.load()
      void walletPicker.load()
    })
    const entry = resolveOpenView(context)
    store.setState({ open: true, router: reset(entry.view, entry.data), error: null })
    // Spec §2: opened straight on a pairing view (manual pairing control) with no connector named: use ours.
    const pairingConnector =
      isPairingView(entry.view) && !entry.data?.connectorId ? walletConnectConnector() : undefined
    if (pairingConnector) void pairWalletConnect(pairingConnector.id, entry.data?.walletId)
  }

  /** Refuses (with a shake) while the connected wallet sits on an unconfigured network: the page can't work. */
  function close(): boolean {
    if (currentEntry(store.getState().router).view === 'UnsupportedChain' && isOnUnsupportedChain()) {
      shake()
      return false
    }
    const connected = Boolean(getAccount().address)
    store.setState({
      open: false,
      router: reset(viewAfterClose({ embeddedMode: options.embeddedMode ?? false, connected })),
      error: null,
    })
    return true
  }

  function shake() {
    clearTimeout(shakeTimer)
    store.setState({ shake: true })
    shakeTimer = setTimeout(() => store.setState({ shake: false }), SHAKE_MS)
  }

  const navigate = (entry: RouteEntry) => setRouter(push(store.getState().router, entry))

  function back() {
    const result = goBack(store.getState().router, { connected: Boolean(getAccount().address) })
    if (result.kind === 'close') close()
    else setRouter(result.state)
  }

  /** `walletId`: the directory wallet a WalletConnect connection is meant for (its icon and app links). */
  async function connect(connectorId: string, wallet: { walletId?: string } = {}): Promise<void> {
    const account = getAccount()
    if (account.address && account.connector?.id !== connectorId) {
      const { configuration, raise, alerts } = await loadExtras()
      if (!configuration.getState().features.multiWallet) {
        raise(alerts.multiWalletNotEnabled)
        return
      }
    }
    if (getConnectors().find((candidate) => candidate.id === connectorId)?.type === 'WALLET_CONNECT') {
      return pairWalletConnect(connectorId, wallet.walletId)
    }
    const { router } = store.getState()
    const waiting: RouteEntry = { view: 'ConnectingExternal', data: { connectorId } }
    setRouter(
      currentEntry(router).view === 'ConnectingExternal' ? replace(router, waiting) : push(router, waiting),
    )
    try {
      await activeAdapter().connect(connectorId)
      rememberConnector(connectorId)
      close()
    } catch (error) {
      const stillWaiting = currentEntry(store.getState().router).data?.connectorId === connectorId
      if (stillWaiting) {
        store.setState({
          error: isUserRejection(error)
            ? ConnectionErrorText.connectionRejected
            : ConnectionErrorText.failedToConnect,
        })
      }
    }
  }

  /** Spec §3 recent wallets: the connector that just connected. */
  function rememberConnector(connectorId: string) {
    const connector = getConnectors().find((candidate) => candidate.id === connectorId)
    if (!connector) return
    void loadExtras().then(({ walletPicker }) =>
      walletPicker.remember({
        id: connector.id,
        name: connector.name,
        ...((connector.imageUrl ?? connector.info?.icon)
          ? { imageUrl: connector.imageUrl ?? connector.info?.icon }
          : {}),
        ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
      }),
    )
  }

  async function disconnect(): Promise<void> {
    await activeAdapter().disconnect()
    balanceCache.clear()
    store.setState({ open: false, router: reset('Connect'), error: null })
  }

  /** Spec §4 "A failed network switch returns to the previous view". */
  async function switchNetwork(network: Network): Promise<void> {
    // Spec §8 "Network Not Found": the network must be in the configured networks list.
    if (!networks.some((candidate) => candidate.caipNetworkId === network.caipNetworkId)) {
      const { raise, alerts } = await loadExtras()
      raise(alerts.networkNotFound)
      return
    }
    const cameFrom = currentEntry(store.getState().router).view
    navigate({ view: 'SwitchNetwork', data: { caipNetworkId: network.caipNetworkId } })
    try {
      await activeAdapter().switchNetwork(network)
      if (cameFrom === 'UnsupportedChain') setRouter(reset('Account'))
      else back()
    } catch (error) {
      setRouter(returnToPrevious(store.getState().router))
      store.setState({
        error: isUserRejection(error)
          ? WalletErrorText.networkSwitchRejected
          : ConnectionErrorText.unsupportedChain,
      })
    }
  }

  /** Native balance, cached 30 s per network and address (spec §9), de-duplicated while in flight. */
  function getBalance(address: string, network: Network): Promise<Balance> {
    const key = `${network.caipNetworkId}:${address.toLowerCase()}`
    const cached = balanceCache.get(key)
    if (cached && Date.now() - cached.at < NATIVE_BALANCE_CACHE_MS) return cached.balance
    const balance = activeAdapter().getBalance(address, network)
    balanceCache.set(key, { at: Date.now(), balance })
    balance.catch(() => balanceCache.delete(key))
    return balance
  }

  const refreshBalance = () => balanceCache.clear()

  /** Light or dark at run time; undefined goes back to following the system. Throws on anything else. */
  const setThemeMode = (mode: ThemeMode | undefined) => store.setState({ themeMode: parseThemeMode(mode) })

  /** Adds or replaces theme variables at run time; an empty value restores that variable's default. */
  const setThemeVariables = (variables: ThemeVariables) =>
    store.setState({ themeVariables: mergeThemeVariables(store.getState().themeVariables, variables) })

  // The wallet moving to an unconfigured network makes the page unusable: say so at once (spec §4).
  for (const adapter of adapters) {
    adapter.subscribe(() => {
      const account = getAccount()
      const { open: isOpen, router } = store.getState()
      const view = currentEntry(router).view
      if (!account.address) {
        if (isOpen && (view === 'Account' || view === 'UnsupportedChain')) setRouter(reset('Connect'))
        return
      }
      if (isOnUnsupportedChain(account) && !options.allowUnsupportedChain && view !== 'SwitchNetwork') {
        if (!isOpen || view !== 'UnsupportedChain') open({ view: 'UnsupportedChain' })
      } else if (!isOnUnsupportedChain(account) && isOpen && view === 'UnsupportedChain') {
        setRouter(reset('Account'))
      }
    })
  }

  /** All Wallets needs the directory (`api`) and the remote `allWallets` feature (on until configured off). */
  const showsAllWallets = () =>
    Boolean(options.api) && (extras?.configuration.getState().features.allWallets ?? true)

  /**
   * On a phone a QR code can't be scanned by the phone showing it: WalletConnect leads to All Wallets, whose
   * apps open by link (when the site has the directory; else its pairing view, with Copy link).
   */
  const walletConnectOpensApps = () => isMobile() && showsAllWallets()

  /** A row of the wallet picker: connect where it can, else pair it as a directory wallet. */
  function selectWallet(option: WalletOption): Promise<void> {
    if (option.section === 'walletConnect' && walletConnectOpensApps()) {
      navigate({ view: 'AllWallets' })
      return Promise.resolve()
    }
    if (option.connectorId) return connect(option.connectorId)
    return selectDirectoryWallet(option.listing?.id ?? option.key.slice(option.section.length + 1))
  }

  /**
   * A directory wallet this browser doesn't have: pair its app over WalletConnect when the site has a
   * WalletConnect connector, else show where to get it.
   */
  function selectDirectoryWallet(walletId: string): Promise<void> {
    const connector = walletConnectConnector()
    if (connector) return connect(connector.id, { walletId })
    navigate({ view: 'AllWallets', data: { walletId } })
    return Promise.resolve()
  }

  return {
    options,
    networks,
    store,
    /** Loads remote configuration, wallet picker and alerts (the modal UI awaits it before it renders). */
    loadExtras,
    /** The loaded extras: `modal.getExtras().walletPicker.getOptions()`, `.configuration.getState().features`. */
    getExtras,
    selectWallet,
    selectDirectoryWallet,
    /** The mobile branch of spec §2 (AllWallets first, a wallet's mobile app link). */
    isMobile,
    /** Whether the picker offers All Wallets (the directory, and the remote feature on). */
    showsAllWallets,
    /** Whether the picker's WalletConnect row opens All Wallets (a phone, with the directory) or a QR code. */
    walletConnectOpensApps,
    /** The WalletConnect pairing link on show (spec §4): `{ uri, expiresAt }`, refreshed before it expires. */
    walletConnectPairing: {
      getState: walletConnect.pairing.getState,
      subscribe: walletConnect.pairing.subscribe,
    },
    /** The notification banner (spec §4): `modal.banner.show({ variant, message })`. */
    banner,
    getState: store.getState,
    subscribe: store.subscribe,
    getAccount,
    getConnectors,
    subscribeAccount: (listener: () => void) => {
      const unsubscribes = adapters.map((adapter) => adapter.subscribe(listener))
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe()
      }
    },
    open,
    close,
    navigate,
    back,
    connect,
    disconnect,
    switchNetwork,
    getBalance,
    refreshBalance,
    setThemeMode,
    setThemeVariables,
  }
}

/** localStorage when there is one (not during SSR, not when the browser blocks it). */
function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}
