import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { SwapsFeature, SwapsState } from '../createSwapsFeature'
import { SWAPS_FEATURE_ID } from '../options'

/** The swaps feature by its id: the views can't import its module, which loads them. */
const swaps = { id: SWAPS_FEATURE_ID } as FeatureModule<SwapsFeature, never>

export const useSwaps = () => useFeature(swaps)

export function useSwapsState<S>(selector: (state: SwapsState) => S): S {
  return useStore(useSwaps().state, selector)
}
