import type { ChainNamespace } from '../chains/types'

/**
 * The modal's routes: each view's name and the data it needs (docs/behaviour.md#views). A feature adds its own
 * by augmenting this interface from its folder:
 *
 *   declare module '../../kernel/routes' { interface Routes { Send: { to?: string } } }
 *
 * `undefined` in a route's type makes its data optional.
 */
export interface Routes {
  /** With `wallets`: the wallet list that the collapse-wallets feature puts behind 'Continue with a wallet'. */
  Connect: { wallets: true } | undefined
  Account: undefined
  /** The directory's grid; with `walletId`, that wallet's "Get" page. */
  AllWallets: { walletId?: string } | undefined
  ConnectingExternal: { connectorId: string }
  /** Pairing with a directory wallet (`walletId`) over the WalletConnect connector. */
  ConnectingWalletConnect: { connectorId: string; walletId?: string }
  /** The plain QR code; opened without a connector (manual pairing), the modal picks its WalletConnect one. */
  ConnectingWalletConnectBasic: { connectorId?: string; walletId?: string } | undefined
  UnsupportedChain: undefined
  SwitchNetwork: { caipNetworkId: string }
  /** Opening rule 1: the caller asked for a namespace other than the active one. */
  SwitchActiveChain: { namespace: ChainNamespace }
}

export type View = keyof Routes

/** One entry of the history: a view and its data, discriminated by `view`. */
export type RouteEntry = {
  [V in View]: undefined extends Routes[V]
    ? { view: V; data?: Exclude<Routes[V], undefined> }
    : { view: V; data: Routes[V] }
}[View]

/** The views whose data is optional: a history can start from one by name. */
export type StartView = { [V in View]: undefined extends Routes[V] ? V : never }[View]

/** The entry of one view, e.g. `EntryOf<'SwitchNetwork'>`. */
export type EntryOf<V extends View> = Extract<RouteEntry, { view: V }>

/** The views that show a WalletConnect pairing link (docs/behaviour.md#walletconnect). */
export type PairingEntry = EntryOf<'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic'>

export const isPairingEntry = (entry: RouteEntry): entry is PairingEntry =>
  entry.view === 'ConnectingWalletConnect' || entry.view === 'ConnectingWalletConnectBasic'
