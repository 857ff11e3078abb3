import { accountViews } from '../../ui/features/account/accountViews'
import { createAccountFeature } from './createAccountFeature'

export const chunk = { create: createAccountFeature, views: accountViews }
