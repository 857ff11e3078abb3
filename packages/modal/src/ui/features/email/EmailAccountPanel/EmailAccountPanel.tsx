import { displayEmail } from '../../../../features/email/displayEmail'
import { useModal } from '../../../shell/hooks'
import { useEmail, useEmailState } from '../useEmail'

/** The Account view's e-mail-wallet panel (docs/behaviour.md#email): the e-mail, Update e-mail, Export key. */
export function EmailAccountPanel() {
  const modal = useModal()
  const feature = useEmail()
  const email = useEmailState((state) => state.accountEmail)
  const busy = useEmailState((state) => state.busy)
  if (!feature.isEmailWallet() || !email) return null
  return (
    <section className="email-account" aria-label="E-mail wallet">
      <p className="email-account-address" title={email}>
        {displayEmail(email)}
      </p>
      <div className="account-features">
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
        <button
          type="button"
          className="secondary-button"
          disabled={busy}
          onClick={() => void feature.exportKey()}
        >
          Export private key
        </button>
      </div>
    </section>
  )
}
