export { isEvmAddress, isSolanaAddress, toCaipNetworkId } from '@allaccess/protocol'
export {
  addEmbeddedWalletConnector,
  hasEmbeddedWalletConnection,
} from './adapters/evm/addEmbeddedWalletConnector'
export {
  addWalletConnectConnector,
  hasWalletConnectConnection,
} from './adapters/evm/addWalletConnectConnector'
export { createEvmAdapter } from './adapters/evm/createEvmAdapter'
export { EMBEDDED_WALLET_TYPE, type EmbeddedWalletOptions } from './adapters/evm/embeddedWalletOptions'
export { readPersistedState } from './adapters/evm/readPersistedState'
export { walletConnect } from './adapters/evm/walletConnect'
export type { WalletConnectOptions } from './adapters/evm/walletConnectOptions'
export {
  type CloudClient,
  type CloudClientOptions,
  CloudHttpError,
  CloudResponseError,
  CloudUnreachableError,
  createCloudClient,
} from './api'
export { NameErrorText } from './api/nameErrors'
export type { SiwxAdapter, SiwxMessageData, SiwxSession } from './api/siwxAdapter'
export type {
  AccountActions,
  Balance,
  ChainAdapter,
  ChainAdapterBase,
  ChainNamespace,
  Connector,
  ConnectorType,
  Network,
  NetworkSwitching,
  Transfer,
  WalletActions,
  WalletConnectPairing,
} from './chains/types'
export { ALERTS, type Alert } from './core/alerts'
export { BANNER_VARIANTS, type Banner, type BannerVariant } from './core/banner'
export { parseCaipAddress, parseCaipNetworkId } from './core/caip'
export { CONNECT_METHODS, type ConnectMethod } from './core/connectMethods'
export { type ConnectedAccount, connectWallet } from './core/connectWallet'
export * as constants from './core/constants'
export { createModal } from './core/createModal'
export { DEFAULT_FEATURES, type Features } from './core/features'
export { formatAddress } from './core/formatAddress'
export { formatBalance } from './core/formatBalance'
export { isUserRejection } from './core/isUserRejection'
export type {
  AccountSnapshot,
  AppMetadata,
  Modal,
  ModalOptions,
  ModalState,
  OpenOptions,
  ThemeMode,
  ThemeVariables,
} from './core/modal'
export { THEME_MODES } from './core/theme'
export type { CloudApi } from './core/types'
export { emailFeature } from './features/email/emailFeature'
export { farcasterFeature } from './features/farcaster/farcasterFeature'
export type { NameSuggestion, NamesFeature, NamesState } from './features/names/createNamesFeature'
export { namesFeature } from './features/names/namesFeature'
export type {
  OnrampFeature,
  OnrampProvider,
  OnrampState,
} from './features/onramp/createOnrampFeature'
export { onrampFeature } from './features/onramp/onrampFeature'
export { DEFAULT_RESTRICTED_TIMEZONES, type OnrampFeatureOptions } from './features/onramp/options'
export type {
  SiwxFeature,
  SiwxFeatureOptions,
  SiwxState,
  SiwxStatus,
} from './features/siwx/createSiwxFeature'
export { SiwxErrorText } from './features/siwx/errors'
export { siwxFeature } from './features/siwx/siwxFeature'
export type { SocialButton } from './features/social/constants'
export type { SocialFeatureOptions } from './features/social/createSocialFeature'
export { socialFeature } from './features/social/socialFeature'
export type { SwapStep, SwapsFeature, SwapsState } from './features/swaps/createSwapsFeature'
export { swapsFeature } from './features/swaps/swapsFeature'
export {
  ClipboardErrorText,
  ConnectionErrorText,
  type ErrorCode,
  type ErrorText,
  ModalError,
  ThemeErrorText,
  WalletErrorText,
} from './kernel/errors'
export type { FeatureChunk, FeatureModule } from './kernel/feature'
export type { EntryOf, RouteEntry, Routes, View } from './kernel/routes'
