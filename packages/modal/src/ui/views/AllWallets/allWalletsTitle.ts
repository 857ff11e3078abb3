import type { Modal } from '../../../core/createModal'
import type { RouteEntry } from '../../../core/views'
import { walletDirectoryOf } from './useWalletDirectory'

/**
 * "All Wallets" for the grid; "Get <wallet>" for one wallet's page (entry data walletId). Kept apart from the
 * view so the header can name it while the view's own chunk (the virtualized grid) is still loading.
 */
export function allWalletsTitle(modal: Modal, entry: RouteEntry): string {
  const walletId = entry.data?.walletId
  if (!walletId) return 'All Wallets'
  const name = walletDirectoryOf(modal)?.find(walletId)?.name
  return name ? `Get ${name}` : 'Get Wallet'
}
