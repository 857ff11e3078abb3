export { SESSION_EVENTS, SESSION_METHODS, type SessionChains } from './namespaces'
export { createSignClient } from './sign-client'
export {
  createWalletConnectWallet,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from './wallet'
