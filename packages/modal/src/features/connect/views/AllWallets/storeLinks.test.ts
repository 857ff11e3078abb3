import type { WalletListing } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { walletListing } from '../../../../testing/walletListing'
import { storeLinks } from './storeLinks'

const listing = (links: Partial<WalletListing>) => walletListing({ id: 'w', name: 'W', ...links })

describe('All Wallets "Get" links', () => {
  it('lists the extension store, the app stores and the homepage in that order', () => {
    const links = storeLinks(
      listing({
        homepage: 'https://metamask.io',
        app_store: 'https://apps.apple.com/app/id1438144202',
        play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
        chrome_store: 'https://chromewebstore.google.com/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
      }),
    )
    expect(links.map((link) => link.label)).toEqual([
      'Chrome Web Store',
      'App Store',
      'Google Play',
      'Website',
    ])
    expect(links[3]?.href).toBe('https://metamask.io')
  })

  it('drops links that are not http(s) or not URLs at all', () => {
    const links = storeLinks(
      listing({ homepage: 'javascript:alert(1)', app_store: 'not a url', play_store: 'data:text/html,x' }),
    )
    expect(links).toEqual([])
  })
})
