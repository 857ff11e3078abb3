/** The sign-in texts, named once (docs/behaviour.md#sign-in). */
export const SiwxErrorText = {
  /** The server would not give a message to sign. */
  initialize: 'A problem occurred while trying initialize authentication',
  /** The wallet did not sign (refused or failed). */
  signFailed: 'Sign message failed',
  /** The server refused the signed message, or could not keep it: the wallet is disconnected. */
  saveFailed: 'Error signing message',
} as const
