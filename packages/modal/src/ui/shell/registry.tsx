import { type ComponentType, lazy } from 'react'
import type { Modal } from '../../app/modal'
import { allWalletsTitle } from '../../features/connect/views/AllWallets/allWalletsTitle'
import { ConnectView } from '../../features/connect/views/Connect/ConnectView'
import { ConnectingExternalView } from '../../features/connect/views/ConnectingExternal/ConnectingExternalView'
import { SwitchActiveChainView } from '../../features/network/views/SwitchActiveChain/SwitchActiveChainView'
import { SwitchNetworkView } from '../../features/network/views/SwitchNetwork/SwitchNetworkView'
import { connectingWalletConnectTitle } from '../../features/walletConnect/views/ConnectingWalletConnect/title'
import type { EntryOf, RouteEntry, View } from '../../kernel/routes'

// Heavier views are chunks of their own, fetched when first shown (the modal's prefetched core stays small).
const AllWalletsView = lazy(() =>
  import('../../features/connect/views/AllWallets/AllWalletsView').then((module) => ({
    default: module.AllWalletsView,
  })),
)
const UnsupportedChainView = lazy(() =>
  import('../../features/network/views/UnsupportedChain/UnsupportedChainView').then((module) => ({
    default: module.UnsupportedChainView,
  })),
)
const ConnectingWalletConnectView = lazy(() =>
  import('../../features/walletConnect/views/ConnectingWalletConnect/ConnectingWalletConnectView').then(
    (module) => ({
      default: module.ConnectingWalletConnectView,
    }),
  ),
)

/** How a view shows: its title (the dialog's accessible name) and its component, for its own route entry. */
export type ViewDefinition<Entry extends RouteEntry = RouteEntry> = {
  title: (modal: Modal, entry: Entry) => string
  /** A title that follows the view's own state (a hook, so it re-renders with it): Send's "Sent" once done. */
  useTitle?: (entry: Entry) => string
  Component: ComponentType<{ entry: Entry }>
}

export type ViewDefinitions = { [V in View]?: ViewDefinition<EntryOf<V>> }

const networkName = (modal: Modal, caipNetworkId: string) =>
  modal.networks.find((network) => network.caipNetworkId === caipNetworkId)?.name

/**
 * The views the shell renders, one line each; feature modules add theirs when they load (Account and the views it
 * leads to come with the account feature). A route that has no
 * view here falls back to Connect: the product never shows a broken one.
 */
export const VIEW_REGISTRY: ViewDefinitions = {
  Connect: { title: () => 'Connect Wallet', Component: ConnectView },
  ConnectingExternal: {
    title: (modal, entry) =>
      modal.getConnectors().find((connector) => connector.id === entry.data.connectorId)?.name ??
      'Connecting',
    Component: ({ entry }) => <ConnectingExternalView connectorId={entry.data.connectorId} />,
  },
  SwitchNetwork: {
    title: (modal, entry) => networkName(modal, entry.data.caipNetworkId) ?? 'Switch Network',
    Component: ({ entry }) => <SwitchNetworkView caipNetworkId={entry.data.caipNetworkId} />,
  },
  SwitchActiveChain: { title: () => 'Switch Network', Component: SwitchActiveChainView },
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

/**
 * The view to render for a route: the shell's or a loaded feature's, else a placeholder (developers) or
 * Connect (the product).
 */
export function viewFor(
  entry: RouteEntry,
  { placeholders, featureViews = {} }: { placeholders: boolean; featureViews?: Record<string, unknown> },
): ViewDefinition {
  const own = (VIEW_REGISTRY[entry.view] ?? featureViews[entry.view]) as ViewDefinition | undefined
  if (own) return own
  return placeholders ? PLACEHOLDER_VIEW : FALLBACK_VIEW
}
