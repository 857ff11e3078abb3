export { isEvmAddress, isSolanaAddress, toCaipNetworkId } from '@allaccess/protocol'
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
export type { CloudApi } from './api/types'
export { type ConnectedAccount, connectWallet } from './app/connectWallet'
export * as constants from './app/constants'
export { createModal } from './app/createModal'
export type {
  AccountSnapshot,
  AppMetadata,
  ChainConnection,
  ConnectionsState,
  Modal,
  ModalOptions,
  ModalState,
  OpenOptions,
  ThemeMode,
  ThemeVariables,
} from './app/modal'
export { email, farcaster, names, onramp, siwx, social, swaps } from './app/modules'
export { parseCaipAddress, parseCaipNetworkId } from './chains/caip'
export { isUserRejection } from './chains/isUserRejection'
export type {
  AccountActions,
  AccountType,
  AssetDiscovery,
  AtomicBatches,
  Balance,
  Batch,
  BatchCall,
  BatchStatus,
  BatchSupport,
  Call,
  ChainAdapter,
  ChainAdapterBase,
  ChainFamily,
  ChainNamespace,
  Connection,
  ConnectionAccount,
  ConnectionState,
  ConnectionSwitching,
  Connector,
  ConnectorType,
  MessageSigning,
  NativeBalance,
  Network,
  NetworkSwitching,
  SendCalls,
  Transfer,
  TransferPlan,
  Transfers,
  WalletActions,
  WalletConnectPairing,
} from './chains/types'
export { BatchErrorText } from './features/account/batches/errors'
export type { LegalLinks } from './features/connect/connectChunk'
export { CONNECT_METHODS, type ConnectMethod } from './features/connect/connectMethods'
export type { WalletOption, WalletSection } from './features/connect/walletSections'
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
export type { OnrampFeatureOptions } from './features/onramp/options'
export { DEFAULT_RESTRICTED_TIMEZONES } from './features/onramp/timezones'
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
  type Balances,
  type BalancesState,
  type BatchAbility,
  type BatchCalls,
  type BatchResult,
  type ConnectMenu,
  type ConnectMenuState,
  createBalances,
  createBatchCalls,
  createConnectMenu,
  createEmailLogin,
  createSendFlow,
  createSocialLogin,
  type EmailLogin,
  type EmailLoginState,
  type EmailLoginStep,
  HeadlessErrorText,
  type Readable,
  type SendFlow,
  type SendState,
  type SendStep,
  type SocialLogin,
  type SocialLoginState,
  type WalletSectionRows,
  walletSectionRows,
} from './headless'
export { ALERTS, type Alert } from './kernel/alerts'
export { BANNER_VARIANTS, type Banner, type BannerVariant } from './kernel/banner'
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
export { DEFAULT_FEATURES, type Features } from './kernel/featureSwitches'
export { formatAddress } from './kernel/formatAddress'
export { formatBalance } from './kernel/formatBalance'
export type { EntryOf, RouteEntry, Routes, View } from './kernel/routes'
export type { Slots } from './kernel/slots'
export { THEME_MODES } from './kernel/theme'
