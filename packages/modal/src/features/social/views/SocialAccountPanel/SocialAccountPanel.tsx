import { SOCIAL_LABELS } from '../../constants'
import { displaySocialName } from '../../providers'
import { useSocial, useSocialState } from '../useSocial'

/** The Account view's social-wallet panel: the username (as docs/behaviour.md#social shows it) and its provider. */
export function SocialAccountPanel() {
  const social = useSocial()
  const username = useSocialState((state) => state.username)
  const provider = useSocialState((state) => state.accountProvider)
  if (!social.isSocialWallet() || !username || !provider) return null
  return (
    <section className="social-account" aria-label="Social login">
      <p className="social-account-name">{displaySocialName(provider, username)}</p>
      <p className="muted">Signed in with {SOCIAL_LABELS[provider]}</p>
    </section>
  )
}
