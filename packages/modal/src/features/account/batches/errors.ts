import { defineErrors } from '../../../kernel/errors'

/**
 * What sending a batch says when it can't (beyond the product catalogue, which names no batch text;
 * docs/behaviour.md#errors): each text named once, loaded with the account feature. Tests assert these exact strings.
 */
export const BatchErrorText = {
  notConnected: 'Connect a wallet to send the calls',
  noAtomicBatches: 'The connected wallet can’t send these calls as one batch',
  noPaymaster: 'Gas can’t be covered here: the wallet or the site has no paymaster',
  batchRejected: 'The batch was rejected in the wallet',
  batchReverted: 'The batch was reverted: none of its calls were made',
  batchFailed: 'The batch was not included on chain',
  batchWaitTimeout: 'Batch wait timeout',
} as const

export type BatchErrorCode = keyof typeof BatchErrorText

/** A batch that could not be sent or did not succeed: match on `code`, show `text`; `cause` keeps the wallet's. */
export const BatchError = defineErrors('BatchError', BatchErrorText)
