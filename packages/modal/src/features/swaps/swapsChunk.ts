import { swapsButton } from '../../ui/features/swaps/swapsButton'
import { swapsViews } from '../../ui/features/swaps/swapsViews'
import { createSwapsFeature } from './createSwapsFeature'

export const chunk = {
  create: createSwapsFeature,
  views: swapsViews,
  slots: { 'account:features': swapsButton },
}
