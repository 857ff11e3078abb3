import { BusyButton } from '../../../../ui/components/BusyButton/BusyButton'
import { useModal } from '../../../../ui/shell/hooks'
import { useAccountState } from '../../../account/views/useAccount'
import { displayEmail } from '../../displayEmail'
import { AccountTypeSwitch } from '../AccountType/AccountTypeSwitch'
import { useEmail, useEmailState } from '../useEmail'

/**
 * The Account view's embedded-wallet panel (docs/behaviour.md#email): an e-mail user's address, Update e-mail and
 * Sign out everywhere (every session of the wallet, on every device); Export private key for every embedded-wallet
 * user (e-mail, social, Farcaster).
 */
export function EmailAccountPanel() {
  const modal = useModal()
  const feature = useEmail()
  const email = useEmailState((state) => state.accountEmail)
  const busy = useEmailState((state) => state.busy)
  const caipAddress = useAccountState((state) => state.caipAddress)
  if (!feature.isEmailWallet()) return null
  return (
    <section className="email-account" aria-label={email ? 'E-mail wallet' : 'Embedded wallet'}>
      {email && (
        <p className="email-account-address" title={email}>
          {displayEmail(email)}
        </p>
      )}
      <AccountTypeSwitch chainId={caipAddress ? Number(caipAddress.split(':')[1]) : undefined} />
      <div className="account-features">
        {email && (
          <button
            type="button"
            className="secondary-button"
            onClick={() => {
              feature.cancelUpdate()
              modal.navigate({ view: 'UpdateEmailWallet' })
            }}
          >
            Update e-mail
          </button>
        )}
        <BusyButton className="secondary-button" busy={busy} onClick={() => void feature.exportKey()}>
          Export private key
        </BusyButton>
        {email && (
          <BusyButton
            className="secondary-button"
            busy={busy}
            onClick={() => void feature.signOutEverywhere()}
          >
            Sign out everywhere
          </BusyButton>
        )}
      </div>
    </section>
  )
}
