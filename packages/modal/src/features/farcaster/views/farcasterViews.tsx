import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'

const ConnectingFarcasterView = lazy(() =>
  import('./ConnectingFarcaster/ConnectingFarcasterView').then((module) => ({
    default: module.ConnectingFarcasterView,
  })),
)

/** Sign In With Farcaster's view by route (docs/behaviour.md#farcaster). */
export const farcasterViews: ViewDefinitions = {
  ConnectingFarcaster: { title: () => 'Farcaster', Component: () => <ConnectingFarcasterView /> },
}
