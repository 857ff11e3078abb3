import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { NamesFeature, NamesState } from '../createNamesFeature'
import { NAMES_FEATURE_ID } from '../options'

/** The names feature by its id: the views can't import its module, which loads them. */
const names = { id: NAMES_FEATURE_ID } as FeatureModule<NamesFeature, never>

export const useNames = () => useFeature(names)

export function useNamesState<S>(selector: (state: NamesState) => S): S {
  return useStore(useNames().state, selector)
}
