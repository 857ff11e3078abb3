import type { WalletListing } from '@allaccess/protocol'

/** Schemes a directory listing may never hand the browser: they run script or read local data. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'])

/**
 * The link that hands a pairing URI to a wallet app, as WalletConnect's "mobile linking" describes it:
 * a universal link or web app (`https://…`) takes `/wc?uri=`, a native scheme (`wallet://`) takes `wc?uri=`,
 * and the URI is always percent-encoded. Undefined for an empty or unsafe base.
 */
export function walletLink(base: string, pairingUri: string): string | undefined {
  const trimmed = base.trim()
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[0].toLowerCase()
  if (!trimmed || (scheme && UNSAFE_SCHEMES.has(scheme))) return undefined
  const uri = encodeURIComponent(pairingUri)
  if (scheme === 'https:' || scheme === 'http:') {
    return `${trimmed.endsWith('/') ? trimmed : `${trimmed}/`}wc?uri=${uri}`
  }
  // A bare scheme ("wallet", "wallet:") becomes "wallet://"; a scheme with a path keeps it.
  const native = trimmed.includes('://') ? trimmed : `${trimmed.replace(/[:/]+$/, '')}://`
  return `${native.endsWith('/') ? native : `${native}/`}wc?uri=${uri}`
}

export type WalletAppLink = { kind: 'mobile' | 'desktop' | 'web'; label: string; href: string }

/** The ways to open a directory wallet with a pairing URI: its mobile app on mobile, else desktop; web on both. */
export function walletAppLinks(
  listing: Pick<WalletListing, 'name' | 'mobile_link' | 'desktop_link' | 'webapp_link'>,
  pairingUri: string,
  isMobile: boolean,
): WalletAppLink[] {
  const candidates: [WalletAppLink['kind'], string | null, string][] = isMobile
    ? [['mobile', listing.mobile_link, `Open ${listing.name}`]]
    : [['desktop', listing.desktop_link, `Open ${listing.name} desktop app`]]
  candidates.push(['web', listing.webapp_link, `Open ${listing.name} web app`])
  return candidates.flatMap(([kind, base, label]) => {
    const href = base ? walletLink(base, pairingUri) : undefined
    return href ? [{ kind, label, href }] : []
  })
}
