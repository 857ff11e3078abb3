export { SESSION_EVENTS, SESSION_METHODS, type SessionChains } from './namespaces'
export {
  createWalletConnectWallet,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from './wallet'
