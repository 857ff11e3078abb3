import { useStore } from '../../../../react/useStore'
import { useFeature } from '../../../../ui/shell/hooks'
import { connectFeature } from '../../../connect/connectFeature'
import { SOCIAL_LABELS, type SocialButton } from '../../constants'
import { BrandMark } from '../BrandMark'
import { useSocial, useSocialState } from '../useSocial'

/** The buttons in the project's order when it sets one (read again when the remote configuration arrives). */
function useButtons(): SocialButton[] {
  const social = useSocial()
  const { configuration } = useFeature(connectFeature)
  return social.buttons(useStore(configuration, (state) => state.socialOrder))
}

/**
 * The Connect view's social method (docs/behaviour.md#social): the first provider as a full row, the others as one
 * row of tiles with their marks, each named by its provider (the tile's only text is its mark). `disabled` while
 * the legal checkbox is unticked; every button waits while a sign-in runs.
 */
export function SocialButtons({ disabled }: { disabled: boolean }) {
  const social = useSocial()
  const busy = useSocialState((state) => state.provider !== undefined)
  const [first, ...rest] = useButtons()
  if (!social.available() || first === undefined) return null
  const off = disabled || busy
  return (
    <section className="social" aria-label="Social login">
      <button
        type="button"
        className="row-button social-button"
        disabled={off}
        onClick={() => void social.select(first)}
      >
        <span className="icon social-icon" aria-hidden="true">
          <BrandMark provider={first} />
        </span>
        <span className="row-label">{SOCIAL_LABELS[first]}</span>
      </button>
      {rest.length > 0 ? (
        <ul className="social-tiles" aria-label="More social logins">
          {rest.map((button) => (
            <li key={button}>
              <button
                type="button"
                className="social-tile"
                aria-label={SOCIAL_LABELS[button]}
                title={SOCIAL_LABELS[button]}
                disabled={off}
                onClick={() => void social.select(button)}
              >
                <BrandMark provider={button} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
