export {
  addWalletConnectConnector,
  hasWalletConnectConnection,
} from './adapters/evm/addWalletConnectConnector'
export { createEvmAdapter } from './adapters/evm/createEvmAdapter'
export { readPersistedState } from './adapters/evm/readPersistedState'
export { type WalletConnectOptions, walletConnect } from './adapters/evm/walletConnect'
export {
  type CloudClient,
  type CloudClientOptions,
  CloudHttpError,
  CloudResponseError,
  CloudUnreachableError,
  createCloudClient,
} from './api'
export { ALERTS, type Alert } from './core/alerts'
export { BANNER_VARIANTS, type Banner, type BannerVariant } from './core/banner'
export {
  isEvmAddress,
  isSolanaAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipNetworkId,
} from './core/caip'
export { CONNECT_METHODS, type ConnectMethod } from './core/connectMethods'
export { type ConnectedAccount, connectWallet } from './core/connectWallet'
export * as constants from './core/constants'
export {
  type AccountSnapshot,
  type AppMetadata,
  createModal,
  type Modal,
  type ModalOptions,
  type ModalState,
  type OpenOptions,
  type ThemeMode,
  type ThemeVariables,
} from './core/createModal'
export {
  ClipboardErrorText,
  ConnectionErrorText,
  type ErrorText,
  ModalError,
  ThemeErrorText,
  WalletErrorText,
} from './core/errors'
export { DEFAULT_FEATURES, type Features } from './core/features'
export { formatAddress } from './core/formatAddress'
export { formatBalance } from './core/formatBalance'
export { isUserRejection } from './core/isUserRejection'
export { THEME_MODES } from './core/theme'
export type {
  Balance,
  ChainAdapter,
  ChainNamespace,
  CloudApi,
  Connector,
  ConnectorType,
  GetWalletsParams,
  Network,
  RemoteFeature,
  WalletListing,
  WalletPage,
} from './core/types'
export { VIEWS, type View } from './core/views'
