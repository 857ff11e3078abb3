import type { EntryOf, RouteEntry } from '../../kernel/routes'

// WalletConnect's routes, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    /** Pairing with a directory wallet (`walletId`) over the WalletConnect connector. */
    ConnectingWalletConnect: { connectorId: string; walletId?: string }
    /** The plain QR code; opened without a connector (manual pairing), the modal picks its WalletConnect one. */
    ConnectingWalletConnectBasic: { connectorId?: string; walletId?: string } | undefined
  }
}

/** The views that show a WalletConnect pairing link (docs/behaviour.md#walletconnect). */
export type PairingEntry = EntryOf<'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic'>

export const isPairingEntry = (entry: RouteEntry): entry is PairingEntry =>
  entry.view === 'ConnectingWalletConnect' || entry.view === 'ConnectingWalletConnectBasic'
