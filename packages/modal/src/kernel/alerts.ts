import { REFUSAL_TEXTS } from '@allaccess/protocol'
import type { BannerController } from './banner'

/**
 * docs/behaviour.md#configuration (and #analytics: 'Invalid App Configuration'): a title and the advice shown
 * with it, each named once.
 */
export const ALERTS = {
  originNotAllowed: {
    title: 'Origin Not Allowed',
    description:
      'This site is not on the project’s allow list. Update the allow list in the project dashboard.',
  },
  invalidProjectId: {
    title: 'Invalid Project ID',
    description: 'The cloud does not know this project id. Check the projectId the modal is created with.',
  },
  sessionExpired: {
    title: 'Session Expired',
    description: 'Check this device’s date and time settings, then connect again.',
  },
  projectIdNotConfigured: {
    title: 'Project ID Not Configured',
    description: 'Create the modal with a projectId so it can reach its services.',
  },
  serverError: {
    title: 'Server Error',
    description: 'Failed to get the App Configuration. Try again later.',
  },
  rateLimited: {
    title: 'Rate Limited',
    description: 'Too many requests while getting the App Configuration.',
  },
  multiWalletNotEnabled: {
    title: 'Multi-Wallet Not Enabled',
    description: 'Connecting several wallets at once is not enabled for this project. Disconnect first.',
  },
  networkNotFound: {
    title: 'Network Not Found',
    description: 'The network must be in the configured networks list.',
  },
  unverifiedDomain: {
    title: 'Unverified Domain',
    description:
      'This domain could not be verified. Check the URL before you approve anything in your wallet.',
  },
  embeddedWalletLoadFailed: {
    title: 'Network Error - Could not load embedded wallet',
    description: 'The e-mail wallet did not load. Check the connection, then try again.',
  },
  embeddedWalletTimedOut: {
    title: 'Embedded Wallet Request Timed Out',
    description: 'The e-mail wallet did not answer in time. Try again.',
  },
  /** docs/behaviour.md#analytics: analytics refused this origin (HTTP 403); shown only with `debug` on. */
  invalidAppConfiguration: {
    title: 'Invalid App Configuration',
    description:
      'The analytics service refused this site’s origin. Add it to the project’s allow list in the dashboard.',
  },
} as const

export type Alert = (typeof ALERTS)[keyof typeof ALERTS]

/** An alert is an error banner: its title, and its advice beneath. */
export function showAlert(banner: Pick<BannerController, 'show'>, alert: Alert): void {
  banner.show({ variant: 'error', message: alert.title, description: alert.description })
}

/**
 * The cloud's refusal texts (docs/behaviour.md#configuration), from its HTTP answers and its relay's close
 * reasons, and their alerts.
 */
const REFUSAL_ALERTS = new Map<string, Alert>([
  [REFUSAL_TEXTS.originNotAllowed, ALERTS.originNotAllowed],
  [REFUSAL_TEXTS.invalidKey, ALERTS.invalidProjectId],
  [REFUSAL_TEXTS.tokenNotYetValid, ALERTS.sessionExpired],
])

/** The alert a refusal text of the cloud names, if any (the one place these texts are mapped). */
export function alertForRefusal(message: string | undefined): Alert | undefined {
  return message === undefined ? undefined : REFUSAL_ALERTS.get(message)
}

/**
 * The alert for a failed configuration request (docs/behaviour.md#configuration): the cloud's own texts first, then
 * 429 → Rate Limited, 500–599 → Server Error. Anything else (e.g. the cloud unreachable) raises none.
 */
export function alertForConfigFailure(failure: { status?: number; message?: string }): Alert | undefined {
  const byMessage = alertForRefusal(failure.message)
  if (byMessage) return byMessage
  if (failure.status === 429) return ALERTS.rateLimited
  if (failure.status !== undefined && failure.status >= 500 && failure.status <= 599)
    return ALERTS.serverError
  return undefined
}
