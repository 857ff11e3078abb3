import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { FarcasterFeature } from './createFarcasterFeature'
import { FARCASTER_FEATURE_ID } from './options'

declare module '../../kernel/routes' {
  interface Routes {
    /** Sign In With Farcaster: the QR code and link, then the wait for the Farcaster app. */
    ConnectingFarcaster: undefined
  }
}

/**
 * Sign In With Farcaster on the embedded wallet (docs/behaviour.md#farcaster): add `farcasterFeature` to the
 * modal's `modules` beside `socialFeature()`, whose Farcaster button leads to its view. Its controller and view are
 * one chunk, fetched on first use.
 */
export const farcasterFeature: FeatureModule<FarcasterFeature, FeatureContext> = {
  id: FARCASTER_FEATURE_ID,
  load: () => import('./farcasterChunk').then((module) => module.chunk),
}
