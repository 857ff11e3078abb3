import { createAccountFeature } from './createAccountFeature'
import { accountViews } from './views/accountViews'

export const chunk = { create: createAccountFeature, views: accountViews }
