import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { FarcasterFeature, FarcasterState } from '../createFarcasterFeature'
import { FARCASTER_FEATURE_ID } from '../options'

/** The Farcaster feature by its id: its view can't import its module, which loads it. */
const farcaster = { id: FARCASTER_FEATURE_ID } as FeatureModule<FarcasterFeature, never>

export const useFarcaster = () => useFeature(farcaster)

export function useFarcasterState<S>(selector: (state: FarcasterState) => S): S {
  return useStore(useFarcaster().state, selector)
}
