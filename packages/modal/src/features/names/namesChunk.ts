import { NameAccountPanel } from '../../ui/features/names/NameAccountPanel/NameAccountPanel'
import { namesViews } from '../../ui/features/names/namesViews'
import { createNamesFeature } from './createNamesFeature'

export const chunk = {
  create: createNamesFeature,
  views: namesViews,
  slots: { 'account:wallet': NameAccountPanel },
}
