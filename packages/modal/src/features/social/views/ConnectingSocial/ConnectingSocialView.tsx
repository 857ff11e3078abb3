import type { SocialProvider } from '@allaccess/protocol'
import { Spinner } from '../../../../ui/components/Spinner'
import { SOCIAL_LABELS } from '../../constants'
import { BrandMark } from '../BrandMark'
import { useSocial, useSocialState } from '../useSocial'

/** ConnectingSocial (docs/behaviour.md#social): the popup is open at the provider; the view waits, or says why not. */
export function ConnectingSocialView({ provider }: { provider: SocialProvider }) {
  const social = useSocial()
  const error = useSocialState((state) => state.error)
  const busy = useSocialState((state) => state.provider !== undefined)
  const label = SOCIAL_LABELS[provider]
  return (
    <div className="stack center connecting">
      <span className="icon icon-large social-icon" aria-hidden="true">
        <BrandMark provider={provider} size={40} />
      </span>
      {error && !busy ? (
        <>
          <p className="error" role="alert">
            {error}
          </p>
          <button type="button" className="primary-button" onClick={() => void social.connect(provider)}>
            Try again
          </button>
        </>
      ) : (
        <>
          <Spinner label={`Waiting for ${label}`} />
          <p>Continue with {label} in the window that opened.</p>
          <p className="muted">Signing in to {label} gives you a wallet; no extension is needed.</p>
        </>
      )}
    </div>
  )
}
