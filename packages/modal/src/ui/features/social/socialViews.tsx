import { lazy } from 'react'
import { SOCIAL_LABELS } from '../../../features/social/constants'
import type { ViewDefinitions } from '../../shell/registry'

const ConnectingSocialView = lazy(() =>
  import('./ConnectingSocial/ConnectingSocialView').then((module) => ({
    default: module.ConnectingSocialView,
  })),
)
const ConnectSocialsView = lazy(() =>
  import('./SocialButtons/SocialButtons').then((module) => ({ default: module.ConnectSocialsView })),
)

/** The social login's views by route (docs/behaviour.md#social). */
export const socialViews: ViewDefinitions = {
  ConnectSocials: { title: () => 'Other Social Logins', Component: ConnectSocialsView },
  ConnectingSocial: {
    title: (_modal, entry) => SOCIAL_LABELS[entry.data.provider],
    Component: ({ entry }) => <ConnectingSocialView provider={entry.data.provider} />,
  },
}
