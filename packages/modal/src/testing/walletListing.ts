import type { WalletListing } from '@allaccess/protocol'

/** A complete directory listing for tests: every optional link empty unless the test sets it. */
export function walletListing(
  fields: Partial<WalletListing> & Pick<WalletListing, 'id' | 'name'>,
): WalletListing {
  return {
    image_id: fields.id,
    image_url: `https://cloud.test/getWalletImage/${fields.id}`,
    homepage: `https://${fields.id}.test`,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    rdns: null,
    chains: ['eip155:1'],
    injected: null,
    badge_type: 'none',
    supports_wc: true,
    order: 1_000,
    installed: false,
    display_index: 0,
    ...fields,
  }
}
