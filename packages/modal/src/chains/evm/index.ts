/**
 * `@allaccess/modal/evm`: the EVM family on `@wagmi/core` — the adapter a modal is created with, and the
 * connectors a site adds at run time (WalletConnect, the embedded wallet) — apart from the chain-neutral
 * API of `@allaccess/modal`; each further family gets an entry of its own.
 */
export {
  addEmbeddedWalletConnector,
  hasEmbeddedWalletConnection,
} from './addEmbeddedWalletConnector'
export {
  addWalletConnectConnector,
  hasWalletConnectConnection,
} from './addWalletConnectConnector'
export { createEvmAdapter } from './createEvmAdapter'
export { EMBEDDED_WALLET_TYPE, type EmbeddedWalletOptions } from './embeddedWalletOptions'
export { readPersistedState } from './readPersistedState'
export { walletConnect } from './walletConnect'
export type { WalletConnectOptions } from './walletConnectOptions'
