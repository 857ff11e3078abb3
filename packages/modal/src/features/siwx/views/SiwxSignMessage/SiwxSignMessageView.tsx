import { BusyButton } from '../../../../ui/components/BusyButton/BusyButton'
import { Spinner } from '../../../../ui/components/Spinner'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { useModalAccount } from '../../../../ui/shell/hooks'
import { useSiwx, useSiwxState } from '../useSiwx'

/**
 * SiwxSignMessage (docs/behaviour.md#sign-in): "Sign in to <site>" with Sign and Cancel; while the message is
 * made, signed and verified, the Authenticating loader.
 */
export function SiwxSignMessageView() {
  const siwx = useSiwx()
  const status = useSiwxState((state) => state.status)
  const error = useSiwxState((state) => state.error)
  const { connector } = useModalAccount()
  const site = siwx.siteName
  const signing = status === 'signing'
  return (
    <div className="stack center siwx">
      <h2 className="siwx-title">Sign in to {site}</h2>
      <p className="muted">
        {site} asks you to sign a message with {connector?.name ?? 'your wallet'} to prove this address is
        yours. It costs nothing and sends no transaction.
        {siwx.required ? ' Cancelling disconnects the wallet.' : ''}
      </p>
      {signing ? <Spinner label="Authenticating" /> : null}
      <StepFeedback busy={signing} busyText="Authenticating…" error={error} />
      <div className="siwx-actions">
        <button type="button" className="secondary-button" onClick={() => void siwx.cancel()}>
          Cancel
        </button>
        <BusyButton
          className="primary-button"
          busy={signing || status === 'checking'}
          onClick={() => void siwx.signIn()}
        >
          {signing ? 'Signing…' : 'Sign'}
        </BusyButton>
      </div>
    </div>
  )
}
