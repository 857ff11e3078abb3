import { createSwapsFeature } from './createSwapsFeature'
import { swapsButton } from './views/swapsButton'
import { swapsViews } from './views/swapsViews'

export const chunk = {
  create: createSwapsFeature,
  views: swapsViews,
  slots: { 'account:features': swapsButton },
}
