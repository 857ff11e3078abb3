/** A placeholder avatar: two hues derived from the address, so each account is recognisable at a glance. */
export function Avatar({ address }: { address: string }) {
  const hue = Number.parseInt(address.slice(2, 8), 16) % 360
  const ref = (element: HTMLSpanElement | null) => {
    // Set through CSSOM (not a style attribute) so a strict style-src CSP allows it.
    element?.style.setProperty('--aap-avatar-hue', String(hue))
  }
  return <span ref={ref} className="avatar" aria-hidden="true" />
}
