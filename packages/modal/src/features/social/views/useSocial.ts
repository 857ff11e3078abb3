import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { SocialFeature, SocialState } from '../createSocialFeature'
import { SOCIAL_FEATURE_ID } from '../options'

/** The social feature by its id: the views can't import its module, which loads them. */
const social = { id: SOCIAL_FEATURE_ID } as FeatureModule<SocialFeature, never>

export const useSocial = () => useFeature(social)

export function useSocialState<S>(selector: (state: SocialState) => S): S {
  return useStore(useSocial().state, selector)
}
