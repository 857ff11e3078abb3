import type { Modal } from '../../app/modal'
import type { RouteEntry } from '../../kernel/routes'
import type { WalletOption } from './walletSections'

/**
 * What a pick in the wallet list does (docs/behaviour.md#connect): a wallet with a connector connects; a directory
 * wallet pairs over WalletConnect (or, without WalletConnect, shows where to get it); on a phone WalletConnect's row
 * leads to the wallet apps, since the phone can't scan a QR code on its own screen.
 */
export function createWalletSelection({
  hasDirectory,
  allWalletsEnabled,
  isMobile,
  pairingConnector,
  connect,
  navigate,
}: {
  /** The site gave the cloud client (`api`), whose directory All Wallets lists. */
  hasDirectory: boolean
  /** The remote `allWallets` switch (on until the project's configuration says otherwise). */
  allWalletsEnabled(): boolean
  isMobile(): boolean
  /** WalletConnect's connector, when the site has one. */
  pairingConnector(): { id: string } | undefined
  connect: Modal['connect']
  navigate(entry: RouteEntry): void
}): Pick<Modal, 'selectWallet' | 'selectDirectoryWallet' | 'showsAllWallets' | 'walletConnectOpensApps'> {
  const showsAllWallets = () => hasDirectory && allWalletsEnabled()
  const walletConnectOpensApps = () => isMobile() && showsAllWallets()

  function selectDirectoryWallet(walletId: string): Promise<void> {
    const connector = pairingConnector()
    if (connector) return connect(connector.id, { walletId })
    navigate({ view: 'AllWallets', data: { walletId } })
    return Promise.resolve()
  }

  return {
    showsAllWallets,
    walletConnectOpensApps,
    selectDirectoryWallet,
    selectWallet(option: WalletOption) {
      if (option.section === 'walletConnect' && walletConnectOpensApps()) {
        navigate({ view: 'AllWallets' })
        return Promise.resolve()
      }
      if (option.connectorId) return connect(option.connectorId)
      return selectDirectoryWallet(option.listing?.id ?? option.key.slice(option.section.length + 1))
    },
  }
}
