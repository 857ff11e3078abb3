import type { ComponentType } from 'react'
import type { View } from '../../kernel/routes'

// The connect feature's routes, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    /** With `wallets`: the wallet list that the collapse-wallets feature puts behind 'Continue with a wallet'. */
    Connect: { wallets: true } | undefined
    /** The directory's grid; with `walletId`, that wallet's "Get" page. */
    AllWallets: { walletId?: string } | undefined
    ConnectingExternal: { connectorId: string }
  }
}

// The Connect view's slots: the sign-in methods other features bring (docs/behaviour.md#features).
declare module '../../kernel/slots' {
  interface Slots {
    /** The e-mail field, one of the Connect view's methods. */
    'connect:email': ComponentType<{ disabled: boolean }>
    /** The social sign-in buttons, another method. */
    'connect:social': ComponentType<{ disabled: boolean }>
  }
}

/** The views a connection starts from or waits in (docs/behaviour.md#connecting). */
export const CONNECTING_VIEWS = new Set<View>([
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
])
