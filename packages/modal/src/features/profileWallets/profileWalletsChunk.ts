import { createProfileWallets } from './createProfileWallets'
import { profileWalletsViews } from './views/profileWalletsViews'

export const chunk = { create: createProfileWallets, views: profileWalletsViews }
