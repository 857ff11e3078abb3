import { useStore } from '../../../../react/useStore'
import { useFeature, useModal } from '../../../../ui/shell/hooks'
import { connectFeature } from '../../../connect/connectFeature'
import { SOCIAL_BUTTONS_SHOWN, SOCIAL_LABELS, type SocialButton } from '../../constants'
import { useSocial, useSocialState } from '../useSocial'

/** One row of provider buttons; `disabled` while the legal checkbox is unticked or a sign-in runs. */
export function SocialButtonList({ buttons, disabled }: { buttons: SocialButton[]; disabled: boolean }) {
  const social = useSocial()
  const busy = useSocialState((state) => state.provider !== undefined)
  return (
    <ul className="social-buttons">
      {buttons.map((button) => (
        <li key={button}>
          <button
            type="button"
            className="row-button social-button"
            disabled={disabled || busy}
            onClick={() => void social.select(button)}
          >
            <span className="icon social-icon" aria-hidden="true">
              {SOCIAL_LABELS[button].slice(0, 1)}
            </span>
            <span className="row-label">{SOCIAL_LABELS[button]}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The buttons in the project's order when it sets one (read again when the remote configuration arrives). */
function useButtons(): SocialButton[] {
  const social = useSocial()
  const { configuration } = useFeature(connectFeature)
  return social.buttons(useStore(configuration, (state) => state.socialOrder))
}

/** The Connect view's social method (docs/behaviour.md#social): the first providers, then "Other" for the rest. */
export function SocialButtons({ disabled }: { disabled: boolean }) {
  const social = useSocial()
  const modal = useModal()
  const buttons = useButtons()
  if (!social.available()) return null
  const shown = buttons.length > SOCIAL_BUTTONS_SHOWN + 1 ? buttons.slice(0, SOCIAL_BUTTONS_SHOWN) : buttons
  return (
    <section className="social" aria-label="Social login">
      <SocialButtonList buttons={shown} disabled={disabled} />
      {shown.length < buttons.length ? (
        <button
          type="button"
          className="row-button"
          disabled={disabled}
          onClick={() => modal.navigate({ view: 'ConnectSocials' })}
        >
          <span className="icon icon-grid" aria-hidden="true" />
          <span className="row-label">Other</span>
          <span className="tag">{buttons.length - shown.length}</span>
        </button>
      ) : null}
    </section>
  )
}

/** ConnectSocials: the providers past the first few. */
export function ConnectSocialsView() {
  const buttons = useButtons()
  return (
    <div className="stack">
      <SocialButtonList buttons={buttons.slice(SOCIAL_BUTTONS_SHOWN)} disabled={false} />
    </div>
  )
}
