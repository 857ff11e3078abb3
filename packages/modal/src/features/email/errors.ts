/** Spec §8 connection errors of the e-mail login, named once. */
export const EmailErrorText = {
  noAuthConnector: 'No auth connector found',
  notConnected: 'Not connected to email or social',
  dependency: 'Unable to load email login dependency',
} as const
