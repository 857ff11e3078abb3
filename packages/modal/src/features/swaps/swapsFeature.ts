import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { SwapsFeature } from './createSwapsFeature'
import { SWAPS_FEATURE_ID } from './options'

// The swaps' routes, added from their own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    /** The swap form: tokens, amount, the live quote. */
    Swap: undefined
    /** A token for one side of the swap, searched by name or symbol. */
    SwapSelectToken: { side: 'from' | 'to' }
    /** The quote's figures, the approve step, the swap, pending and done. */
    SwapPreview: undefined
  }
}

/**
 * Swaps (docs/behaviour.md#swaps): add `swapsFeature` to the modal's `modules`. Account then shows a Swap button;
 * the controller and views are one chunk, fetched on the modal's first use.
 */
export const swapsFeature: FeatureModule<SwapsFeature, FeatureContext> = {
  id: SWAPS_FEATURE_ID,
  load: () => import('./swapsChunk').then((module) => module.chunk),
}
