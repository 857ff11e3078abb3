import type { Modal } from '../../../../app/modal'
import type { EntryOf } from '../../../../kernel/routes'
import { connectFeature } from '../../connectFeature'

/**
 * "All Wallets" for the grid; "Get <wallet>" for one wallet's page (entry data walletId). Kept apart from the
 * view so the header can name it while the view's own chunk (the virtualized grid) is still loading.
 */
export function allWalletsTitle(modal: Modal, entry: EntryOf<'AllWallets'>): string {
  const walletId = entry.data?.walletId
  if (!walletId) return 'All Wallets'
  const name = modal.feature(connectFeature).directory?.find(walletId)?.name
  return name ? `Get ${name}` : 'Get Wallet'
}
