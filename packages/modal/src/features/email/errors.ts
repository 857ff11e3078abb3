import { defineErrors } from '../../kernel/errors'

/** The e-mail login's connection errors, named once (docs/behaviour.md#email). */
export const EmailErrorText = {
  noAuthConnector: 'No auth connector found',
  notConnected: 'Not connected to email or social',
  dependency: 'Unable to load email login dependency',
  invalidEmail: 'Enter a valid e-mail address.',
  emailUnchanged: 'The e-mail did not change. Try again.',
} as const

export const EmailError = defineErrors('EmailError', EmailErrorText)
