export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'
export {
  ProviderRpcError,
  type ProviderRpcErrorShape,
} from './errors'
export {
  type ApproveOptions,
  createFarcasterClient,
  type FarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from './farcaster'
export { freePort } from './free-port'
export { fundedKey } from './funded-key'
export { type InjectedWallet, installInjectedWallet } from './install-injected-wallet'
export {
  MailboxTimeoutError,
  readMailbox,
  type WaitOptions,
  waitForCode,
  waitForLink,
  waitForMessage,
} from './mailbox'
export { refuseOutsideFetch } from './offline-fetch'
export { WaitForRequestTimeoutError } from './request-log'
export { createScriptedWallet, type ScriptedWallet, type WalletController } from './scripted-wallet'
export { WalletConfigError } from './state'
export type {
  ApprovalDecision,
  ApprovalPolicy,
  EmitWalletEvent,
  HeldRequest,
  InjectedWalletOptions,
  RequestOutcome,
  ScriptedWalletOptions,
  WalletChain,
  WalletEvent,
  WalletInfo,
  WalletRequest,
  WalletRequestRecord,
} from './types'
export {
  createSignClient,
  createWalletConnectWallet,
  SESSION_EVENTS,
  SESSION_METHODS,
  type SessionChains,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from './walletconnect'
