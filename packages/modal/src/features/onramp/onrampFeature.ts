import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { OnrampFeature } from './createOnrampFeature'
import { ONRAMP_FEATURE_ID, type OnrampFeatureOptions } from './options'

// The on-ramp's routes, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    /** The providers one may buy through. */
    OnRampProviders: undefined
    /** The amount, the currencies and the payment method, with a live quote. */
    OnRampAmount: undefined
    /** The provider's window is open: the order is polled. */
    OnRampPending: undefined
    /** The tokens were sent. */
    OnRampDone: undefined
  }
}

/**
 * The fiat on-ramp (docs/behaviour.md#on-ramp): add `onrampFeature()` to the modal's `modules`. Account then shows
 * a Buy button (not in the restricted timezones); its controller and views are one chunk, fetched on the
 * modal's first use.
 */
export function onrampFeature(
  settings: OnrampFeatureOptions = {},
): FeatureModule<OnrampFeature, FeatureContext> {
  return {
    id: ONRAMP_FEATURE_ID,
    load: () => import('./onrampChunk').then((module) => module.chunk(settings)),
  }
}
