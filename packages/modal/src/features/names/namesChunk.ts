import { createNamesFeature } from './createNamesFeature'
import { NameAccountPanel } from './views/NameAccountPanel/NameAccountPanel'
import { namesViews } from './views/namesViews'

export const chunk = {
  create: createNamesFeature,
  views: namesViews,
  slots: { 'account:wallet': NameAccountPanel },
}
