import type { CloudApi } from '../api/types'
import type { AccountSnapshot, ChainConnection, ConnectionsState } from '../chains/createChains'
import type { ChainAdapter, ChainNamespace, Connector, Network } from '../chains/types'
import type { AccountProfile } from '../features/account/accountProfile'
import type { AccountOptions } from '../features/account/options'
import type { ConnectMethod } from '../features/connect/connectMethods'
import type { WalletPickerOptions } from '../features/connect/walletPicker'
import type { WalletOption } from '../features/connect/walletSections'
import type { PairingState } from '../features/walletConnect/walletConnectFlow'
import type { BannerController } from '../kernel/banner'
import type { Environment } from '../kernel/environment'
import type { ErrorText } from '../kernel/errors'
import type { FeatureModule } from '../kernel/feature'
import type { Features } from '../kernel/featureSwitches'
import type { RouterState } from '../kernel/router'
import type { RouteEntry } from '../kernel/routes'
import type { FilledSlots } from '../kernel/slots'
import type { Listener, Store } from '../kernel/store'
import type { ThemeMode, ThemeVariables } from '../kernel/theme'

export type { AccountProfile, AccountSnapshot, ChainConnection, ConnectionsState, ThemeMode, ThemeVariables }

export type AppMetadata = { name: string; description: string; url: string; icons: string[] }

export type ModalOptions = {
  adapters: ChainAdapter[]
  metadata: AppMetadata
  projectId: string
  /** The cloud's services (directory, remote config, origins); `createCloudClient({ baseUrl, projectId })`. */
  api?: CloudApi
  /** Embedded mode: the modal lives inside the page, so closing shows Account when connected. */
  embeddedMode?: boolean
  /** Manual WalletConnect pairing control (docs/behaviour.md#opening). */
  manualPairing?: boolean
  /** Keep the modal quiet when the wallet sits on a network that is not configured. */
  allowUnsupportedChain?: boolean
  /** false: the modal never asks the wallet to switch networks (UnsupportedChain offers Disconnect only). */
  enableNetworkSwitch?: boolean
  /** light or dark; unset follows the system's colour scheme. */
  themeMode?: ThemeMode
  /** Theme variables as CSS custom properties, e.g. `{ '--aap-accent': '#e8590c' }`. */
  themeVariables?: ThemeVariables
  /** Decides the mobile branches of the opening rules; defaults to a coarse-pointer media query. */
  isMobile?: () => boolean
  /** The browser's clock, storage and media queries, for tests and servers (`isMobile` above wins). */
  environment?: Partial<Environment>
  /** Local feature switches; the project's remote features are merged over them. */
  features?: Partial<Features>
  /** Feature modules: each adds its controller, views and CSS as one chunk loaded on first use. */
  modules?: readonly FeatureModule<unknown, never>[]
  /** The order of the Connect view's methods; by default it depends on installed wallets. */
  connectMethodsOrder?: ConnectMethod[]
  /** The links of the legal checkbox (feature `legalCheckbox`), which shows while at least one is set. */
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /**
   * Registers the connectors that load at run time (e.g. `() => addWalletConnectConnector(config, options)`):
   * run when the modal is first used, and the Connect view waits for it, so they are listed from the start.
   */
  connectors?: () => Promise<unknown>
  /** The account feature's switches: `{ watchPendingTransactions: true }` (docs/behaviour.md#transaction-wait). */
  account?: AccountOptions
  /** Says more about a misconfigured project: 'Invalid App Configuration' when analytics refuses this origin. */
  debug?: boolean
} & WalletPickerOptions

export type ModalState = {
  open: boolean
  /** The modal's features are being fetched (its first use); views show a spinner meanwhile. */
  loading: boolean
  shake: boolean
  router: RouterState
  /** The catalogue text of the last failure of the current step, shown by the view that waits on it. */
  error: ErrorText | null
  /** light or dark; undefined follows the system. Starts from `options.themeMode`, changed by setThemeMode. */
  themeMode: ThemeMode | undefined
  /** Starts from `options.themeVariables`, changed by setThemeVariables. */
  themeVariables: ThemeVariables
}

export type OpenOptions = { namespace?: ChainNamespace } & (
  | RouteEntry
  | { view?: undefined; data?: undefined }
)

type Readable<T> = { getState(): T; subscribe: Store<T>['subscribe'] }

/** The modal as a site and its UI see it (docs/behaviour.md#api). */
export interface Modal {
  /** The configured networks of every adapter. */
  readonly networks: readonly Network[]
  /** The notification banner: `modal.banner.show({ variant, message })`. */
  readonly banner: BannerController
  /** The WalletConnect pairing link on show: `{ uri, expiresAt }`, refreshed before it expires. */
  readonly walletConnectPairing: Readable<PairingState>
  getState(): ModalState
  subscribe: Store<ModalState>['subscribe']
  /**
   * The active namespace's account (or the named one's), read from its current connection; the same object
   * until it changes.
   */
  getAccount(namespace?: ChainNamespace): AccountSnapshot
  /**
   * Every open connection, of every namespace, by id; the current one of each namespace; each namespace's
   * status. The same object until one changes; `subscribeAccount` tells of each change.
   */
  getConnections(): ConnectionsState
  subscribeAccount(listener: () => void): () => void
  /** The connected account's name and avatar from the cloud (docs/behaviour.md#names). */
  getAccountProfile(): AccountProfile
  subscribeAccountProfile(listener: () => void): () => void
  getConnectors(): Connector[]
  /** The network the modal acts on (the unsupported-network placeholder when the wallet is elsewhere). */
  getActiveNetwork(): Network
  open(options?: OpenOptions): void
  /** The view `open(options)` would show now, by the opening rules (docs/behaviour.md#opening); opens nothing. */
  viewToOpen(options?: OpenOptions): RouteEntry
  /** Closes (true); Escape and × call it. */
  close(): boolean
  /** A click on the backdrop: closes, but refuses with a shake (false) on UnsupportedChain while it applies. */
  dismiss(): boolean
  back(): void
  navigate(entry: RouteEntry): void
  /** Back to the start: Account when connected, else Connect, as a history of its own (no Back on it). */
  home(): void
  /** `walletId`: the directory wallet a WalletConnect connection is meant for (its icon and app links). */
  connect(connectorId: string, wallet?: { walletId?: string }): Promise<void>
  /** Ends a connection (an id of `getConnections()`), or the active namespace's current one. */
  disconnect(connectionId?: string): Promise<void>
  /** Makes a connection its namespace's current one, and that namespace the active one. */
  switchConnection(connectionId: string): Promise<void>
  switchNetwork(network: Network): Promise<void>
  /** Acts on another chain namespace from now on (the SwitchActiveChain view). */
  switchActiveChain(namespace: ChainNamespace): void
  setThemeMode(mode: ThemeMode | undefined): void
  setThemeVariables(variables: ThemeVariables): void
  /** A row of the wallet picker: connect where it can, else pair it as a directory wallet. */
  selectWallet(option: WalletOption): Promise<void>
  /** A directory wallet this browser doesn't have: pair its app over WalletConnect, else show where to get it. */
  selectDirectoryWallet(walletId: string): Promise<void>
  isMobile(): boolean
  /** Whether the picker offers All Wallets (the directory, and the remote feature on). */
  showsAllWallets(): boolean
  /** Whether the picker's WalletConnect row opens All Wallets (a phone, with the directory) or a QR code. */
  walletConnectOpensApps(): boolean
  /** Fetches the features (and run-time connectors) once; the UI shows a spinner until they are in. */
  loadFeatures(): Promise<readonly string[]>
  /**
   * Everything the first view needs, fetched once and kept: the features, the project's configuration, the
   * picker's directory wallets, and the analytics code the first open's event runs. Opening asks for it; a page may ask earlier (the React provider does when idle).
   */
  prefetch(): Promise<void>
  /** A loaded feature's controller: `modal.feature(connectFeature).walletPicker`. */
  feature<C>(module: FeatureModule<C, never>): C
  /** The views, CSS and view slots the loaded features add; undefined until they are loaded. */
  featureViews(): { views: Record<string, unknown>; css: readonly string[]; slots: FilledSlots } | undefined
  /**
   * Reads the connected account's balances, tokens, NFTs and activity again, past their caches: a site calls it
   * after a transaction of its own (a mint, test ETH from a faucet). Before the modal's features load, nothing is
   * cached and nothing is asked. With the transaction's hash, Activity keeps asking until the cloud lists it.
   */
  refreshAccount(transactionHash?: string): Promise<void>
  /** Releases every subscription and timer the modal holds. */
  destroy(): void
}

export type ModalListener = Listener<ModalState>
