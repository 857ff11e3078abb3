export { SESSION_EVENTS, SESSION_METHODS, type SessionChains } from './namespaces'
export { CLOUD_PROJECT_ID, createSignClient, type SignClientOptions } from './sign-client'
export {
  createSolanaResponder,
  SOLANA_SESSION_METHODS,
  type SolanaResponder,
  type WalletConnectSolanaOptions,
} from './solana'
export {
  createWalletConnectWallet,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from './wallet'
