import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { SiwxFeature, SiwxState } from '../createSiwxFeature'
import { SIWX_FEATURE_ID } from '../options'

/** The sign-in feature by its id: the views can't import its module, which loads them. */
const siwx = { id: SIWX_FEATURE_ID } as FeatureModule<SiwxFeature, never>

export const useSiwx = () => useFeature(siwx)

export function useSiwxState<S>(selector: (state: SiwxState) => S): S {
  return useStore(useSiwx().state, selector)
}
