import { ClipboardErrorText } from '../../../../kernel/errors'
import { formatAddress } from '../../../../kernel/formatAddress'
import { CopyButton } from '../../../../ui/components/CopyButton'
import { CopyIcon } from '../../../../ui/components/CopyIcon'
import { useModal, useModalAccount } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { Avatar } from '../Avatar/Avatar'
import { avatarCss } from '../Avatar/avatar.css'
import { useAccountState } from '../useAccount'
import { accountHeaderCss } from './accountHeader.css'

/**
 * The Account view's head (docs/behaviour.md#account): who (avatar, name or short address, copy), how much
 * (the native balance, 3 decimals), where (the network, which opens the network list; the explorer), with
 * which wallet, with the switcher into the Wallets view.
 */
export function AccountHeader() {
  useViewStyles(avatarCss, accountHeaderCss)
  const modal = useModal()
  const { network } = useModalAccount()
  const address = useAccountState((state) => state.address)
  const profileName = useAccountState((state) => state.profileName)
  const profileImage = useAccountState((state) => state.profileImage)
  const balance = useAccountState((state) => state.balance)
  const explorer = useAccountState((state) => state.addressExplorerUrl)
  const wallet = useAccountState((state) => state.connectedWalletInfo)
  if (!address) return null
  return (
    <div className="stack center account-header">
      <Avatar address={address} image={profileImage} />
      <div className="account-address">
        <span title={address}>{profileName ?? formatAddress(address)}</span>
        <CopyButton
          text={address}
          copied="Address copied"
          failed={ClipboardErrorText.copyFailed}
          className="header-button"
          label="Copy address"
        >
          <CopyIcon />
        </CopyButton>
      </div>
      <p className="account-balance">
        <span className="sr-only">Balance: </span>
        {balance ?? <span aria-busy="true">…</span>}
      </p>
      <div className="account-chips">
        <button
          type="button"
          className="secondary-button"
          aria-label={`Network: ${network?.name ?? 'unsupported'}. Switch network`}
          onClick={() => modal.navigate({ view: 'Networks' })}
        >
          <span className="network-dot" aria-hidden="true" />
          {network?.name ?? 'Unsupported network'}
        </button>
        {explorer ? (
          <a className="secondary-button" href={explorer} target="_blank" rel="noopener noreferrer">
            Block explorer
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {/* The wallet, and the switcher into the Wallets view (docs/behaviour.md#profile-wallets). */}
      <button
        type="button"
        className="account-wallet muted"
        onClick={() => modal.navigate({ view: 'ProfileWallets' })}
      >
        {wallet?.icon ? (
          <img className="account-wallet-icon" src={wallet.icon} alt="" width={20} height={20} />
        ) : null}
        {wallet ? (
          // One inline run: its text is the button's name as it reads (a flex item each would part the words).
          <span>
            Connected with {wallet.name}. <span className="account-wallet-switch">Switch wallet</span>
          </span>
        ) : (
          'Switch wallet'
        )}
      </button>
    </div>
  )
}
