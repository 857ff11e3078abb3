import { defineErrors } from '../kernel/errors'

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
  noCloud: 'Names need the cloud client (`api`)',
} as const

/** A name look-up's refusal: the catalogue's text, or the cloud's own reason when it gave one. */
export const NameError = defineErrors('NameError', NameErrorText)
