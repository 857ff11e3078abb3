import type { WalletListing } from '@allaccess/protocol'
import { useEffect, useState } from 'react'
import { DirectoryError, DirectoryErrorText } from '../../../../kernel/errors'
import { Spinner } from '../../../../ui/components/Spinner'
import type { WalletDirectory } from '../../walletDirectory'
import { storeLinks } from './storeLinks'
import { WalletImage } from './WalletImage'

type Lookup =
  | { status: 'loading' }
  | { status: 'done'; listing: WalletListing | undefined }
  | { status: 'failed'; error: Error }

/**
 * A directory wallet this browser doesn't have: where to get it. (Its QR code and app links are on the
 * WalletConnect view; this page is one step further, from that view's "Get <wallet>".)
 */
export function GetWallet({ directory, walletId }: { directory: WalletDirectory; walletId: string }) {
  const known = directory.find(walletId)
  const [lookup, setLookup] = useState<Lookup>(
    known ? { status: 'done', listing: known } : { status: 'loading' },
  )
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (attempt === 0 && directory.find(walletId)) return
    let live = true
    setLookup({ status: 'loading' })
    directory.lookup(walletId).then(
      (listing) => live && setLookup({ status: 'done', listing }),
      (error: unknown) =>
        live &&
        setLookup({
          status: 'failed',
          error:
            error instanceof Error
              ? error
              : new DirectoryError('loadFailed', { cause: error, text: String(error) }),
        }),
    )
    return () => {
      live = false
    }
  }, [directory, walletId, attempt])

  if (lookup.status === 'loading') return <Spinner label="Loading wallet" />
  if (lookup.status === 'failed') {
    return (
      <div className="all-wallets-message" role="alert">
        <p>{DirectoryErrorText.loadFailed}</p>
        <p className="muted">{lookup.error.message}</p>
        <button type="button" className="secondary-button" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </div>
    )
  }
  const { listing } = lookup
  if (!listing) return <p className="all-wallets-message muted">{DirectoryErrorText.notListed}</p>
  const links = storeLinks(listing)
  return (
    <div className="stack center get-wallet">
      <WalletImage listing={listing} large />
      <p className="get-wallet-lead">{listing.name} is not installed in this browser.</p>
      <p className="muted">
        Get it below, then go back and scan the QR code with it, or reload this page once the extension is
        installed.
      </p>
      {links.length > 0 ? (
        <ul className="list" aria-label={`Get ${listing.name}`}>
          {links.map((link) => (
            <li key={link.label}>
              <a className="row-button" href={link.href} target="_blank" rel="noopener noreferrer">
                <span className="row-label">{link.label}</span>
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">The directory lists no download links for {listing.name}.</p>
      )}
    </div>
  )
}
