import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { SiwxFeature, SiwxFeatureOptions } from './createSiwxFeature'
import { SIWX_FEATURE_ID } from './options'

// The sign-in's analytics events and route, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/analytics/createAnalytics' {
  interface AnalyticsEvents {
    SIWX_AUTH_SUCCESS: true
    SIWX_AUTH_ERROR: true
  }
}
declare module '../../kernel/routes' {
  interface Routes {
    /** "Sign in to <site>": the connected wallet signs the server's message (Sign / Cancel). */
    SiwxSignMessage: undefined
  }
}

/**
 * Sign in with the wallet (docs/behaviour.md#sign-in), opt-in: add `siwxFeature()` to the modal's `modules`
 * (`siwxFeature({ adapter })` for a server of your own). Its controller and view are one chunk, fetched on the
 * modal's first use.
 */
export function siwxFeature(settings: SiwxFeatureOptions = {}): FeatureModule<SiwxFeature, FeatureContext> {
  return {
    id: SIWX_FEATURE_ID,
    load: () =>
      import('./siwxChunk').then((module) => ({ ...module.chunk, create: module.chunk.create(settings) })),
  }
}
