import type { Modal } from '../../../../app/modal'
import { connectFeature } from '../../../connect/connectFeature'
import type { PairingEntry } from '../../routes'

/** The wallet's name when the pairing is for a directory wallet; kept apart so the header needn't wait on the view's chunk. */
export function connectingWalletConnectTitle(modal: Modal, entry: PairingEntry): string {
  return modal.feature(connectFeature).knownWallet(entry.data?.walletId)?.name ?? 'WalletConnect'
}
