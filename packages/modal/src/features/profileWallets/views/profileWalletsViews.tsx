import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'

// A chunk of its own, fetched when first shown.
const ProfileWalletsView = lazy(() =>
  import('./ProfileWalletsView/ProfileWalletsView').then((module) => ({
    default: module.ProfileWalletsView,
  })),
)

/** The feature's view by route (docs/behaviour.md#profile-wallets). */
export const profileWalletsViews: ViewDefinitions = {
  ProfileWallets: { title: () => 'Wallets', Component: ProfileWalletsView },
}
