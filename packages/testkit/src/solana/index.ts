export { installSolanaWallet, type SolanaWalletOptions } from './install-solana-wallet'
export {
  createScriptedSolanaWallet,
  type ScriptedSolanaWallet,
  type ScriptedSolanaWalletOptions,
} from './scripted-solana-wallet'
export {
  type AccountShape,
  buildSolanaWallet,
  registerWalletStandardWallet,
  type SolanaWalletCall,
  type SolanaWalletPageConfig,
} from './wallet-standard-wallet'
