import { useSyncExternalStore } from 'react'
import type { Modal } from '../../../core/createModal'
import { createWalletDirectory, type WalletDirectory } from '../../../core/walletDirectory'

const directories = new WeakMap<Modal, WalletDirectory>()

/**
 * One directory per modal, kept across views so going back to All Wallets (or reopening the modal) shows the
 * pages already loaded; closing the modal empties the search box.
 */
export function walletDirectoryOf(modal: Modal): WalletDirectory | undefined {
  const { api } = modal.options
  if (!api) return undefined
  let directory = directories.get(modal)
  if (!directory) {
    const created = createWalletDirectory(api, {
      installedRdns: () => modal.getConnectors().flatMap((connector) => connector.info?.rdns ?? []),
    })
    modal.subscribe((state, previous) => {
      if (previous.open && !state.open) created.reset()
    })
    directories.set(modal, created)
    directory = created
  }
  return directory
}

export function useWalletDirectoryState(directory: WalletDirectory) {
  return useSyncExternalStore(directory.subscribe, directory.getState, directory.getState)
}
