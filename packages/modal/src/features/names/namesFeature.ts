import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { NamesFeature } from './createNamesFeature'
import { NAMES_FEATURE_ID } from './options'

// The names' analytics events and routes, added from their own folder (docs/behaviour.md#views).
declare module '../../kernel/analytics/createAnalytics' {
  interface AnalyticsEvents {
    REGISTER_NAME_SUCCESS: true
    REGISTER_NAME_ERROR: true
  }
}
declare module '../../kernel/routes' {
  interface Routes {
    /** A name for the embedded wallet: availability and suggestions as the visitor types. */
    RegisterAccountName: undefined
    /** The name just registered. */
    RegisterAccountNameSuccess: { name: string }
  }
}

/**
 * Names (docs/behaviour.md#names): add `namesFeature` to the modal's `modules`. The embedded wallet's Account view
 * then offers to choose a name; its controller and views are one chunk, fetched on the modal's first use.
 */
export const namesFeature: FeatureModule<NamesFeature, FeatureContext> = {
  id: NAMES_FEATURE_ID,
  load: () => import('./namesChunk').then((module) => module.chunk),
}
