import { DecimalErrorText } from '../../kernel/decimalErrors'
import { defineErrors, FundsErrorText } from '../../kernel/errors'

/**
 * The account feature's texts (docs/behaviour.md#errors), each named once; they load with its chunk, not with the
 * page. Tests assert these exact strings.
 */
export const AccountErrorText = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  noCloud: 'The modal has no cloud (`api`) to read the account from',
  failedToFetchTransactions: 'Failed to fetch transactions',
  /** Activity's own words beside that banner: what is missing, never "No activity yet". */
  activityUnavailable: 'Activity is unavailable: the account service can’t be reached',
  /** Activity where the tab would be, on a network whose family the cloud keeps no history of (Solana). */
  activityEvmOnly: 'Activity is shown on EVM networks only',
  /** NFTs likewise: the cloud reads EVM collections only (the spec names no text for it: Activity's words). */
  nftsEvmOnly: 'NFTs are shown on EVM networks only',
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  /** Followed by the network family's address format (`ChainFamily.addressFormat`): `invalidReceiverText`. */
  invalidReceiver: 'The receiver address is not valid',
  badChecksum: 'The receiver address has a wrong checksum: check its letters',
  amountNotPositive: 'The amount must be more than 0',
  ...FundsErrorText,
  errorEstimatingGas: 'error estimating gas',
  transactionRejected: 'Transaction rejected',
  transactionFailed: 'Transaction failed',
  transactionReverted: 'The transaction was reverted',
  transactionCancelled: 'The transaction was cancelled in the wallet',
  transactionWaitTimeout: 'Transaction wait timeout',
  ...DecimalErrorText,
} as const

export type AccountErrorCode = keyof typeof AccountErrorText

/** A failure of the account feature: match on `code`, show `text`; `cause` keeps the original for logs. */
export const AccountError = defineErrors('AccountError', AccountErrorText)
