import { defineErrors } from '../../kernel/errors'

/** The sign-in texts, named once (docs/behaviour.md#sign-in). */
export const SiwxErrorText = {
  /** The server would not give a message to sign. */
  initialize: 'A problem occurred while trying initialize authentication',
  /** The wallet could not sign. */
  signFailed: 'Sign message failed',
  /** The visitor declined to sign in the wallet (spec §5: a rejection reads as one). */
  signRejected: 'Sign-in rejected',
  /** The server refused the signed message, or could not keep it: the wallet is disconnected. */
  saveFailed: 'Error signing message',
  /** The site gave neither a sign-in adapter nor the cloud client. */
  noAdapter: 'Sign-in needs an adapter or the cloud client (`api`)',
  /** Thrown with the network's id in its text: 'Sign-in is not supported on solana:devnet'. */
  unsupportedChain: 'Sign-in is not supported on this network',
} as const

export const SiwxError = defineErrors('SiwxError', SiwxErrorText)
