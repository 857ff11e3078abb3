import { farcasterViews } from '../../ui/features/farcaster/farcasterViews'
import { createFarcasterFeature } from './createFarcasterFeature'

export const chunk = { create: createFarcasterFeature, views: farcasterViews }
