import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'
import { useSendTitle } from './useAccount'

// Each view is a chunk of its own, fetched when first shown. Account is the first view a connected visitor opens:
// fetched as soon as the feature is, not on that open — in a page only (no server or test renders it unasked).
const loadAccountView = () => import('./AccountView/AccountView')
if (typeof document !== 'undefined') void loadAccountView()
const AccountView = lazy(() => loadAccountView().then((module) => ({ default: module.AccountView })))
const NetworksView = lazy(() =>
  import('./NetworksView/NetworksView').then((module) => ({ default: module.NetworksView })),
)
const NftDetailView = lazy(() =>
  import('./NftDetailView/NftDetailView').then((module) => ({ default: module.NftDetailView })),
)
const SendView = lazy(() => import('./SendView/SendView').then((module) => ({ default: module.SendView })))
const SendPreviewView = lazy(() =>
  import('./SendPreviewView/SendPreviewView').then((module) => ({ default: module.SendPreviewView })),
)
const ReceiveView = lazy(() =>
  import('./ReceiveView/ReceiveView').then((module) => ({ default: module.ReceiveView })),
)

/** The account feature's views by route (docs/behaviour.md#account). */
export const accountViews: ViewDefinitions = {
  Account: { title: () => 'Account', Component: AccountView },
  Networks: { title: () => 'Networks', Component: NetworksView },
  NftDetail: { title: () => 'NFT', Component: ({ entry }) => <NftDetailView id={entry.data.id} /> },
  WalletSend: { title: () => 'Send', Component: SendView },
  WalletSendPreview: { title: () => 'Review Send', useTitle: useSendTitle, Component: SendPreviewView },
  WalletReceive: { title: () => 'Receive', Component: ReceiveView },
}
