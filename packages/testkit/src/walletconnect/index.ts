export { SESSION_EVENTS, SESSION_METHODS } from './namespaces'
export {
  createWalletConnectWallet,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from './wallet'
