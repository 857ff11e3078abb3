import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { OnrampFeature, OnrampState } from '../createOnrampFeature'
import { ONRAMP_FEATURE_ID } from '../options'

/** The on-ramp feature by its id: the views can't import its module, which loads them. */
const onramp = { id: ONRAMP_FEATURE_ID } as FeatureModule<OnrampFeature, never>

export const useOnramp = () => useFeature(onramp)

export function useOnrampState<S>(selector: (state: OnrampState) => S): S {
  return useStore(useOnramp().state, selector)
}
