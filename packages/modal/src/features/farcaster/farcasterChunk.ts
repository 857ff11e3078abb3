import { createFarcasterFeature } from './createFarcasterFeature'
import { farcasterViews } from './views/farcasterViews'

export const chunk = { create: createFarcasterFeature, views: farcasterViews }
