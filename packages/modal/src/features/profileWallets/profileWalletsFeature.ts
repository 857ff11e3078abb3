import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { ProfileWallets } from './createProfileWallets'
import { PROFILE_WALLETS_FEATURE_ID } from './options'

// The feature's route, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    /** Every open connection by namespace: make one current, disconnect one or all, add another. */
    ProfileWallets: undefined
  }
}

/**
 * Several wallets at once (docs/behaviour.md#profile-wallets): the Wallets view and the rules of chains/
 * connectionRules.ts applied to every connection, one chunk fetched with the modal's other features.
 */
export const profileWalletsFeature: FeatureModule<ProfileWallets, FeatureContext> = {
  id: PROFILE_WALLETS_FEATURE_ID,
  load: () => import('./profileWalletsChunk').then((module) => module.chunk),
}
