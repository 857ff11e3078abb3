import { defineErrors } from '../../kernel/errors'

/**
 * What an EVM wallet's EIP-5792 answers can't be read as (beyond the product catalogue; docs/behaviour.md#errors):
 * each text named once, loaded with the wallet actions. Tests assert these exact strings.
 */
export const BatchAnswerErrorText = {
  noBatchId: 'The wallet sent the batch but named no batch id',
  unreadableBatchStatus: 'The wallet’s status of the batch can’t be read',
} as const

export const BatchAnswerError = defineErrors('BatchAnswerError', BatchAnswerErrorText)
