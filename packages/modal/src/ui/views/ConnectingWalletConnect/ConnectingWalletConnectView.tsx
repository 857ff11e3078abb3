import { useSyncExternalStore } from 'react'
import { ClipboardErrorText } from '../../../core/errors'
import type { RouteEntry } from '../../../core/views'
import { walletAppLinks } from '../../../core/walletLinks'
import { ConnectionFailure } from '../../components/ConnectionFailure'
import { Spinner } from '../../components/Spinner'
import { WalletIcon } from '../../components/WalletIcon'
import { useModal, useModalState } from '../../hooks'
import { storeLinks } from '../AllWallets/storeLinks'
import { WalletImage } from '../AllWallets/WalletImage'
import { QrCode } from './QrCode'
import { useDirectoryWallet } from './useDirectoryWallet'

/**
 * ConnectingWalletConnect (a directory wallet: its icon in the QR code, its app links, where to get it) and,
 * with `basic`, ConnectingWalletConnectBasic: the plain QR code any WalletConnect wallet can scan.
 */
export function ConnectingWalletConnectView({
  entry,
  basic = false,
}: {
  entry: RouteEntry
  basic?: boolean
}) {
  const modal = useModal()
  const { error } = useModalState()
  const { uri } = useSyncExternalStore(
    modal.walletConnectPairing.subscribe,
    modal.walletConnectPairing.getState,
    modal.walletConnectPairing.getState,
  )
  const connectorId = entry.data?.connectorId ?? ''
  const walletId = basic ? undefined : entry.data?.walletId
  const listing = useDirectoryWallet(walletId)
  const connectors = useSyncExternalStore(modal.subscribeAccount, modal.getConnectors, modal.getConnectors)
  const connector = connectors.find((candidate) => candidate.id === connectorId)
  const name = listing?.name ?? 'your wallet'
  const hasIcon = Boolean(listing ?? connector?.imageUrl ?? connector?.info?.icon)
  const appLinks = listing && uri ? walletAppLinks(listing, uri, modal.isMobile()) : []
  const canGet = listing ? storeLinks(listing).length > 0 : false

  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => modal.banner.show({ variant: 'success', message: 'Link copied' }),
      () => modal.banner.show({ variant: 'error', message: ClipboardErrorText.copyLinkFailed }),
    )

  return (
    <div className="stack center connecting-wc">
      <figure className="wc-qr" aria-label={`QR code to connect ${name}`} data-pairing-uri={uri ?? undefined}>
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
      {error ? (
        <>
          <ConnectionFailure error={error} hint="Something went wrong. Try again with a new QR code." />
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
          <p>Scan this code with {listing ? `the ${name} app` : 'your phone’s wallet'}</p>
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
              <a className="row-button" href={link.href} rel="noopener noreferrer">
                <span className="row-label">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="wc-actions">
        <button
          type="button"
          className="secondary-button"
          disabled={!uri || Boolean(error)}
          onClick={() => uri && void copy(uri)}
        >
          Copy link
        </button>
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
