import { siwxViews } from '../../ui/features/siwx/siwxViews'
import { createSiwxFeature } from './createSiwxFeature'

export const chunk = { create: createSiwxFeature, views: siwxViews }
