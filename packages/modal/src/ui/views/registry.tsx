import { type ComponentType, lazy } from 'react'
import type { Modal } from '../../core/createModal'
import type { RouteEntry, View } from '../../core/views'
import { AccountView } from './Account/AccountView'
import { allWalletsTitle } from './AllWallets/allWalletsTitle'
import { ConnectView } from './Connect/ConnectView'
import { ConnectingExternalView } from './ConnectingExternal/ConnectingExternalView'
import { connectingWalletConnectTitle } from './ConnectingWalletConnect/title'
import { SwitchNetworkView } from './SwitchNetwork/SwitchNetworkView'
import { UnsupportedChainView } from './UnsupportedChain/UnsupportedChainView'

export type ViewProps = { entry: RouteEntry }

// Heavier views are chunks of their own, fetched when first shown (the modal's prefetched core stays small).
const AllWalletsView = lazy(() =>
  import('./AllWallets/AllWalletsView').then((module) => ({ default: module.AllWalletsView })),
)
const ConnectingWalletConnectView = lazy(() =>
  import('./ConnectingWalletConnect/ConnectingWalletConnectView').then((module) => ({
    default: module.ConnectingWalletConnectView,
  })),
)

export type ViewDefinition = {
  /** The dialog's title (and accessible name) while this view shows. */
  title: (modal: Modal, entry: RouteEntry) => string
  Component: ComponentType<ViewProps>
}

/**
 * The views this build renders, one line each. A view of spec §2 that is not here yet falls back to Connect:
 * the router knows every view name, the product never shows a broken one.
 */
export const VIEW_REGISTRY: Partial<Record<View, ViewDefinition>> = {
  Connect: { title: () => 'Connect Wallet', Component: ConnectView },
  ConnectingExternal: {
    title: (modal, entry) =>
      modal.getConnectors().find((connector) => connector.id === entry.data?.connectorId)?.name ??
      'Connecting',
    Component: ({ entry }) => <ConnectingExternalView connectorId={entry.data?.connectorId ?? ''} />,
  },
  Account: { title: () => 'Account', Component: AccountView },
  SwitchNetwork: {
    title: (modal, entry) =>
      modal.networks.find((network) => network.caipNetworkId === entry.data?.caipNetworkId)?.name ??
      'Switch Network',
    Component: ({ entry }) => <SwitchNetworkView caipNetworkId={entry.data?.caipNetworkId} />,
  },
  UnsupportedChain: { title: () => 'Switch Network', Component: UnsupportedChainView },
  AllWallets: { title: allWalletsTitle, Component: AllWalletsView },
  ConnectingWalletConnect: {
    title: connectingWalletConnectTitle,
    Component: ({ entry }) => <ConnectingWalletConnectView entry={entry} />,
  },
  ConnectingWalletConnectBasic: {
    title: () => 'WalletConnect',
    Component: ({ entry }) => <ConnectingWalletConnectView entry={entry} basic />,
  },
}

const FALLBACK_VIEW: ViewDefinition = { title: () => 'Connect Wallet', Component: ConnectView }

/** Behind the `viewPlaceholders` feature only: says plainly which view is not built yet. */
const PLACEHOLDER_VIEW: ViewDefinition = {
  title: (_modal, entry) => entry.view,
  Component: ({ entry }) => (
    <p className="muted center">The {entry.view} view is not available in this release.</p>
  ),
}

/** The view to render for a route: its own, else a placeholder (developers) or Connect (the product). */
export function viewFor(modal: Modal, entry: RouteEntry): ViewDefinition {
  const own = VIEW_REGISTRY[entry.view]
  if (own) return own
  const placeholders = modal.options.features?.viewPlaceholders ?? false
  return placeholders ? PLACEHOLDER_VIEW : FALLBACK_VIEW
}
