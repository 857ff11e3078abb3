import type { Modal } from '../../../core/createModal'
import type { RouteEntry } from '../../../core/views'
import { knownWallet } from './useDirectoryWallet'

/** The wallet's name when the pairing is for a directory wallet; kept apart so the header needn't wait on the view's chunk. */
export function connectingWalletConnectTitle(modal: Modal, entry: RouteEntry): string {
  return knownWallet(modal, entry.data?.walletId)?.name ?? 'WalletConnect'
}
