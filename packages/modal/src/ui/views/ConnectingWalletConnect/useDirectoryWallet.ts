import { useEffect, useState } from 'react'
import type { Modal } from '../../../core/createModal'
import type { WalletListing } from '../../../core/types'
import { useModal } from '../../hooks'
import { walletDirectoryOf } from '../AllWallets/useWalletDirectory'

/** A directory wallet already loaded by All Wallets or the Connect view's picks, if any. */
export function knownWallet(modal: Modal, walletId: string | undefined): WalletListing | undefined {
  if (!walletId) return undefined
  return (
    walletDirectoryOf(modal)?.find(walletId) ??
    modal
      .getExtras()
      .walletPicker.getOptions()
      .find((option) => option.listing?.id === walletId)?.listing
  )
}

/**
 * The listing of the wallet being paired, looked up when not loaded yet. Pairing never waits on it: without
 * it the view is the plain QR code.
 */
export function useDirectoryWallet(walletId: string | undefined): WalletListing | undefined {
  const modal = useModal()
  const [listing, setListing] = useState(() => knownWallet(modal, walletId))
  useEffect(() => {
    const known = knownWallet(modal, walletId)
    setListing(known)
    const directory = walletDirectoryOf(modal)
    if (known || !walletId || !directory) return
    let live = true
    directory.lookup(walletId).then(
      (found) => live && setListing(found),
      () => {},
    )
    return () => {
      live = false
    }
  }, [modal, walletId])
  return listing
}
