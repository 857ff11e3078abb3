/** The account feature's switches, given as `createModal({ account })` (docs/behaviour.md#transaction-wait). */
export type AccountOptions = {
  /** Watch a transaction still pending after Send's wait, every 30 s up to a limit (off by default). */
  watchPendingTransactions?: boolean
}

/** The account feature's id: its views name it by this (the module itself would import them back). */
export const ACCOUNT_FEATURE_ID = 'account'
