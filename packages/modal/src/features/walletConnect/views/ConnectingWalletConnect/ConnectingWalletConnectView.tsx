import { ClipboardErrorText } from '../../../../kernel/errors'
import { useStore } from '../../../../react/useStore'
import { ConnectionFailure } from '../../../../ui/components/ConnectionFailure'
import { CopyButton } from '../../../../ui/components/CopyButton'
import { QrCode } from '../../../../ui/components/QrCode/QrCode'
import { qrCodeCss } from '../../../../ui/components/QrCode/qrCode.css'
import { Spinner } from '../../../../ui/components/Spinner'
import { WalletIcon } from '../../../../ui/components/WalletIcon'
import { useConnectors, useModal, useModalState } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { allWalletsCss } from '../../../connect/views/AllWallets/allWallets.css'
import { storeLinks } from '../../../connect/views/AllWallets/storeLinks'
import { WalletImage } from '../../../connect/views/AllWallets/WalletImage'
import type { PairingEntry } from '../../routes'
import { walletAppLinks, walletLink } from '../../walletLinks'
import { useDirectoryWallet } from './useDirectoryWallet'

/**
 * ConnectingWalletConnect (a directory wallet: its icon in the QR code, its app links, where to get it) and,
 * with `basic`, ConnectingWalletConnectBasic: the plain QR code any WalletConnect wallet can scan.
 */
export function ConnectingWalletConnectView({
  entry,
  basic = false,
}: {
  entry: PairingEntry
  basic?: boolean
}) {
  // The wallet's image and store links are styled as in All Wallets.
  useViewStyles(allWalletsCss, qrCodeCss)
  const modal = useModal()
  const error = useModalState((state) => state.error)
  const uri = useStore(modal.walletConnectPairing, (state) => state.uri)
  const connectorId = entry.data?.connectorId ?? ''
  const walletId = basic ? undefined : entry.data?.walletId
  const listing = useDirectoryWallet(walletId)
  const connectors = useConnectors()
  const connector = connectors.find((candidate) => candidate.id === connectorId)
  const name = listing?.name ?? 'your wallet'
  const hasIcon = Boolean(listing ?? connector?.imageUrl ?? connector?.info?.icon)
  const appLinks = listing && uri ? walletAppLinks(listing, uri, modal.isMobile()) : []
  const canGet = listing ? storeLinks(listing).length > 0 : false

  // On a phone with the wallet's app link, the app is the way in: its icon and an Open button, no QR code
  // (a phone can't scan its own screen). Decided from the listing, so nothing swaps once the link arrives.
  const appFirst = modal.isMobile() && Boolean(listing?.mobile_link && walletLink(listing.mobile_link, 'wc:'))
  return (
    <div className="stack center connecting-wc" data-pairing-uri={uri ?? undefined}>
      {appFirst && listing ? (
        <WalletImage listing={listing} large />
      ) : (
        <figure className="wc-qr" aria-label={`QR code to connect ${name}`}>
          {uri && !error ? (
            <>
              <QrCode value={uri} iconSpace={hasIcon} />
              {hasIcon ? (
                <span className="wc-qr-icon">
                  {listing ? <WalletImage listing={listing} /> : <WalletIcon connector={connector} />}
                </span>
              ) : null}
            </>
          ) : error ? null : (
            <Spinner label="Preparing the QR code" />
          )}
        </figure>
      )}
      {error ? (
        <>
          <ConnectionFailure error={error} hint="Something went wrong. Try again with a new link." />
          <div>
            <button
              type="button"
              className="primary-button"
              onClick={() => void modal.connect(connectorId, walletId ? { walletId } : {})}
            >
              Try again
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            {appFirst
              ? `Continue in ${name}`
              : `Scan this code with ${listing ? `the ${name} app` : 'your phone’s wallet'}`}
          </p>
          {uri ? (
            <div className="wc-status muted" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>Waiting for {name} to approve…</span>
            </div>
          ) : null}
        </>
      )}
      {appLinks.length > 0 ? (
        <ul className="list wc-links" aria-label={`Open ${name}`}>
          {appLinks.map((link) => (
            <li key={link.kind}>
              <a
                className={link.kind === 'mobile' && appFirst ? 'primary-button' : 'row-button'}
                href={link.href}
                rel="noopener noreferrer"
              >
                <span className="row-label">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="wc-actions">
        <CopyButton
          text={uri}
          copied="Link copied"
          failed={ClipboardErrorText.copyLinkFailed}
          className="secondary-button"
          disabled={Boolean(error)}
        >
          Copy link
        </CopyButton>
        {canGet && walletId ? (
          <button
            type="button"
            className="secondary-button"
            onClick={() => modal.navigate({ view: 'AllWallets', data: { walletId } })}
          >
            Get {name}
          </button>
        ) : null}
      </div>
    </div>
  )
}
