export { type Balances, type BalancesState, createBalances } from './balances'
export {
  type ConnectMenu,
  type ConnectMenuState,
  createConnectMenu,
  type WalletSectionRows,
  walletSectionRows,
} from './connectMenu'
export type { Readable } from './readable'
export { createSendFlow, type SendFlow, type SendState, type SendStep } from './send'
