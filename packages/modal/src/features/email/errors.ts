/** The e-mail login's connection errors, named once (docs/behaviour.md#email). */
export const EmailErrorText = {
  noAuthConnector: 'No auth connector found',
  notConnected: 'Not connected to email or social',
  dependency: 'Unable to load email login dependency',
} as const
