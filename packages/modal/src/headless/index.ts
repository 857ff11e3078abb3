export { type Balances, type BalancesState, createBalances } from './balances'
export { type BatchAbility, type BatchCalls, type BatchResult, createBatchCalls } from './batchCalls'
export {
  type ConnectMenu,
  type ConnectMenuState,
  createConnectMenu,
  type WalletSectionRows,
  walletSectionRows,
} from './connectMenu'
export { createEmailLogin, type EmailLogin, type EmailLoginState, type EmailLoginStep } from './emailLogin'
export { HeadlessErrorText } from './errors'
export type { Readable } from './readable'
export { createSendFlow, type SendFlow, type SendState, type SendStep } from './send'
export { createSocialLogin, type SocialLogin, type SocialLoginState } from './socialLogin'
