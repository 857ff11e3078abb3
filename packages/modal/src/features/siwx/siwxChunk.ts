import { createSiwxFeature } from './createSiwxFeature'
import { siwxViews } from './views/siwxViews'

export const chunk = { create: createSiwxFeature, views: siwxViews }
