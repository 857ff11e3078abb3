import type { WalletListing } from '../core/types'

/** A complete directory listing for tests: every link empty unless the test sets it. */
export function walletListing(
  fields: Partial<WalletListing> & Pick<WalletListing, 'id' | 'name'>,
): WalletListing {
  return {
    image_id: fields.id,
    image_url: null,
    homepage: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    rdns: null,
    chains: ['eip155:1'],
    injected: null,
    badge_type: null,
    supports_wc: true,
    order: null,
    ...fields,
  }
}
