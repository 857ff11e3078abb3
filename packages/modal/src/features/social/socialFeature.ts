import type { SocialProvider } from '@allaccess/protocol'
import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { SocialFeature, SocialFeatureOptions } from './createSocialFeature'
import { SOCIAL_FEATURE_ID } from './options'

// The social login's routes and analytics events (started, user data, success or error: docs/behaviour.md#social).
declare module '../../kernel/analytics/createAnalytics' {
  interface AnalyticsEvents {
    SOCIAL_LOGIN_STARTED: true
    SOCIAL_LOGIN_REQUEST_USER_DATA: true
    SOCIAL_LOGIN_SUCCESS: true
    SOCIAL_LOGIN_ERROR: true
  }
}
declare module '../../kernel/routes' {
  interface Routes {
    /** The popup is open at `provider`; the view waits for it. */
    ConnectingSocial: { provider: SocialProvider }
  }
}

/**
 * Social login (docs/behaviour.md#social): add `socialFeature()` to the modal's `modules` with the embedded
 * wallet's connector registered (`addEmbeddedWalletConnector`), optionally `socialFeature({ providers })` for
 * another order. Its controller, the Connect view's buttons and its views are one chunk, fetched on first use.
 */
export function socialFeature(
  settings: SocialFeatureOptions = {},
): FeatureModule<SocialFeature, FeatureContext> {
  return {
    id: SOCIAL_FEATURE_ID,
    load: () =>
      import('./socialChunk').then((module) => ({ ...module.chunk, create: module.chunk.create(settings) })),
  }
}
