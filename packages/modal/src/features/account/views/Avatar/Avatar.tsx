/**
 * The account's picture: its profile image when it has a name, else one generated from the address (two hues
 * derived from it), so each account is recognisable at a glance. Decorative: the name next to it says who.
 */
export function Avatar({ address, image }: { address: string; image: string | null }) {
  if (image) return <img className="avatar" src={image} alt="" width={64} height={64} />
  const hue = Number.parseInt(address.slice(2, 8), 16) % 360
  const ref = (element: HTMLSpanElement | null) => {
    // Set through CSSOM (not a style attribute) so a strict style-src CSP allows it.
    element?.style.setProperty('--aap-avatar-hue', String(Number.isNaN(hue) ? 220 : hue))
  }
  return <span ref={ref} className="avatar" aria-hidden="true" />
}
