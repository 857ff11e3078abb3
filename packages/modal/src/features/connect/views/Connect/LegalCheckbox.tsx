import { useId } from 'react'
import type { LegalLinks } from '../../connectChunk'

/**
 * The legal checkbox (docs/behaviour.md#wallet-picker, feature `legalCheckbox`): the visitor accepts the site's terms and privacy policy
 * before any wallet connects.
 */
export function LegalCheckbox(props: {
  links: LegalLinks
  accepted: boolean
  onChange: (accepted: boolean) => void
}) {
  const id = useId()
  const terms = props.links.terms ? <Link href={props.links.terms}>Terms of Service</Link> : null
  const privacy = props.links.privacy ? <Link href={props.links.privacy}>Privacy Policy</Link> : null
  return (
    <div className="legal">
      <input
        id={id}
        type="checkbox"
        checked={props.accepted}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>
        I agree to the {terms ?? privacy}
        {terms && privacy ? <> and the {privacy}</> : null}
      </label>
    </div>
  )
}

/** Opens beside the modal, so the visitor reads the terms without losing the dialog. */
function Link(props: { href: string; children: string }) {
  return (
    <a href={props.href} target="_blank" rel="noopener noreferrer">
      {props.children}
    </a>
  )
}
