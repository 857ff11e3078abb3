import { useEffect } from 'react'
import { useStore } from '../../../../react/useStore'
import { BusyButton } from '../../../../ui/components/BusyButton/BusyButton'
import { ACCOUNT_TYPE_TEXTS } from '../../accountType'
import { useEmail } from '../useEmail'

/**
 * The e-mail wallet's account type in the Account view, and its switch where the network supports a smart account
 * (docs/embedded-wallet.md#account-type): on is the smart account, off the externally owned one.
 */
export function AccountTypeSwitch({ chainId }: { chainId: number | undefined }) {
  const control = useEmail().accountType
  const type = useStore(control.state, (state) => state.preferredAccountType)
  const busy = useStore(control.state, (state) => state.busy)
  const error = useStore(control.state, (state) => state.error)
  // Subscribed so the switch appears once the frame has named the networks.
  useStore(control.state, (state) => state.enabledNetworks)
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on another network
  useEffect(() => {
    void control.load()
  }, [control, chainId])
  if (!type) return null
  const smart = type === 'smartAccount'
  return (
    <div className="account-type">
      <p>
        {ACCOUNT_TYPE_TEXTS.label}: {smart ? ACCOUNT_TYPE_TEXTS.smartAccount : ACCOUNT_TYPE_TEXTS.eoa}
      </p>
      {control.switchable() && (
        <>
          <BusyButton
            role="switch"
            aria-checked={smart}
            className="secondary-button"
            busy={busy}
            onClick={() => void control.choose(smart ? 'eoa' : 'smartAccount')}
          >
            {ACCOUNT_TYPE_TEXTS.switchName}
          </BusyButton>
          <p>{ACCOUNT_TYPE_TEXTS.sameAddress}</p>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  )
}
