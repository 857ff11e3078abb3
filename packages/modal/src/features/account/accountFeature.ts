import type { ComponentType } from 'react'
import type { FeatureContext, WalletFeatureButton } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { AccountFeature } from './createAccountFeature'
import { ACCOUNT_FEATURE_ID } from './options'

// The account feature's routes, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    Account: undefined
    /** The networks the site configures, the account's marked; picking one switches to it. */
    Networks: undefined
    /** One NFT of the NFTs tab, by its id (`<CAIP-2>:<contract>:<token id>`). */
    NftDetail: { id: string }
    WalletSend: undefined
    WalletSendPreview: undefined
    WalletReceive: undefined
  }
}

// Account's slots: what other features add under its header (docs/behaviour.md#features).
declare module '../../kernel/slots' {
  interface Slots {
    /** A panel under the header; every feature's shows, in the modules' order. */
    'account:wallet': ComponentType
    /** A button beside Receive and Send, shown in the product's order when its switch is on. */
    'account:features': WalletFeatureButton
  }
}

/**
 * The account feature every modal has (docs/behaviour.md#account): the Account view with its tabs, the network
 * list, Send and Receive. Its controller comes in one chunk with the modal's other features; each view is a
 * chunk of its own, fetched when first shown.
 */
export const accountFeature: FeatureModule<AccountFeature, FeatureContext> = {
  id: ACCOUNT_FEATURE_ID,
  load: () => import('./accountChunk').then((module) => module.chunk),
}
