import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'
import { SOCIAL_LABELS } from '../constants'
// In the feature's chunk already (the Connect view's buttons): no chunk of its own.
import { ConnectSocialsView } from './SocialButtons/SocialButtons'

const ConnectingSocialView = lazy(() =>
  import('./ConnectingSocial/ConnectingSocialView').then((module) => ({
    default: module.ConnectingSocialView,
  })),
)

/** The social login's views by route (docs/behaviour.md#social). */
export const socialViews: ViewDefinitions = {
  ConnectSocials: { title: () => 'Other Social Logins', Component: ConnectSocialsView },
  ConnectingSocial: {
    title: (_modal, entry) => SOCIAL_LABELS[entry.data.provider],
    Component: ({ entry }) => <ConnectingSocialView provider={entry.data.provider} />,
  },
}
