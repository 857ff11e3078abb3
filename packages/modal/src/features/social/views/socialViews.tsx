import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'
import { SOCIAL_LABELS } from '../constants'

const ConnectingSocialView = lazy(() =>
  import('./ConnectingSocial/ConnectingSocialView').then((module) => ({
    default: module.ConnectingSocialView,
  })),
)

/** The social login's views by route (docs/behaviour.md#social). */
export const socialViews: ViewDefinitions = {
  ConnectingSocial: {
    title: (_modal, entry) => SOCIAL_LABELS[entry.data.provider],
    Component: ({ entry }) => <ConnectingSocialView provider={entry.data.provider} />,
  },
}
