import type { WalletListing } from '@allaccess/protocol'
import { useEffect, useState } from 'react'
import { useFeature } from '../../../../ui/shell/hooks'
import { connectFeature } from '../../../connect/connectFeature'

/**
 * The listing of the wallet being paired, looked up when not loaded yet. Pairing never waits on it: without
 * it the view is the plain QR code.
 */
export function useDirectoryWallet(walletId: string | undefined): WalletListing | undefined {
  const { knownWallet, directory } = useFeature(connectFeature)
  const [listing, setListing] = useState(() => knownWallet(walletId))
  useEffect(() => {
    const known = knownWallet(walletId)
    setListing(known)
    if (known || !walletId || !directory) return
    let live = true
    directory.lookup(walletId).then(
      (found) => live && setListing(found),
      () => {},
    )
    return () => {
      live = false
    }
  }, [knownWallet, directory, walletId])
  return listing
}
