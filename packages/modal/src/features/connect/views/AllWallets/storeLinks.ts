import type { WalletListing } from '@allaccess/protocol'

export type StoreLink = { label: string; href: string }

const LINKS: [keyof WalletListing, string][] = [
  ['chrome_store', 'Chrome Web Store'],
  ['app_store', 'App Store'],
  ['play_store', 'Google Play'],
  ['homepage', 'Website'],
]

/** Where to get a wallet, from its listing. Only http(s) links: a listing must never run script on a click. */
export function storeLinks(listing: WalletListing): StoreLink[] {
  return LINKS.flatMap(([field, label]) => {
    const href = listing[field]
    return typeof href === 'string' && isWebUrl(href) ? [{ label, href }] : []
  })
}

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
