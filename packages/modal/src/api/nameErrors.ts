/**
 * The name texts (docs/behaviour.md#names), named once, for the names feature and for Send (a name as receiver);
 * a refusal's first reason from the cloud is shown before these.
 */
export const NameErrorText = {
  networkNotFound: 'Network not found',
  noAuthConnector: 'Address or auth connector not found',
  resolving: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  namesOfAddress: 'Error fetching names for address',
  registering: (name: string) => `Error registering name ${name}`,
} as const
