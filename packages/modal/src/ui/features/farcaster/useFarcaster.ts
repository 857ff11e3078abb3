import type { FarcasterFeature, FarcasterState } from '../../../features/farcaster/createFarcasterFeature'
import { FARCASTER_FEATURE_ID } from '../../../features/farcaster/options'
import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../shell/hooks'

/** The Farcaster feature by its id: its view can't import its module, which loads it. */
const farcaster = { id: FARCASTER_FEATURE_ID } as FeatureModule<FarcasterFeature, never>

export const useFarcaster = () => useFeature(farcaster)

export function useFarcasterState<S>(selector: (state: FarcasterState) => S): S {
  return useStore(useFarcaster().state, selector)
}
