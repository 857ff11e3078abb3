import { describe, expect, it } from 'vitest'
import { walletAppLinks, walletLink } from './walletLinks'

// The behaviour these tests check: docs/behaviour.md#walletconnect.

const uri = 'wc:7f6e504b@2?relay-protocol=irn&symKey=587d5484'
const encoded = 'wc%3A7f6e504b%402%3Frelay-protocol%3Dirn%26symKey%3D587d5484'

describe('Wallet listing links: a pairing URI handed to a wallet app', () => {
  it('a native scheme takes wc?uri= right after "://"', () => {
    expect(walletLink('wallet://', uri)).toBe(`wallet://wc?uri=${encoded}`)
    expect(walletLink('wallet:', uri)).toBe(`wallet://wc?uri=${encoded}`)
    expect(walletLink('wallet', uri)).toBe(`wallet://wc?uri=${encoded}`)
  })

  it('a native scheme with a path keeps the path', () => {
    expect(walletLink('wallet://open', uri)).toBe(`wallet://open/wc?uri=${encoded}`)
  })

  it('a universal link or web app takes /wc?uri=', () => {
    expect(walletLink('https://wallet.example', uri)).toBe(`https://wallet.example/wc?uri=${encoded}`)
    expect(walletLink('https://wallet.example/', uri)).toBe(`https://wallet.example/wc?uri=${encoded}`)
    expect(walletLink('https://wallet.example/app', uri)).toBe(`https://wallet.example/app/wc?uri=${encoded}`)
  })

  it('never hands the browser a link that runs script or reads local data', () => {
    for (const base of [
      'javascript:alert(1)//',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'file:///etc/',
      ' ',
    ]) {
      expect(walletLink(base, uri)).toBeUndefined()
    }
  })

  it('offers the mobile app on mobile, the desktop app elsewhere, and the web app on both', () => {
    const listing = {
      name: 'Rainbow',
      mobile_link: 'rainbow://',
      desktop_link: 'rainbow-desktop://',
      webapp_link: 'https://web.rainbow.example',
    }
    expect(walletAppLinks(listing, uri, true)).toEqual([
      { kind: 'mobile', label: 'Open Rainbow', href: `rainbow://wc?uri=${encoded}` },
      { kind: 'web', label: 'Open Rainbow web app', href: `https://web.rainbow.example/wc?uri=${encoded}` },
    ])
    expect(walletAppLinks(listing, uri, false).map((link) => link.kind)).toEqual(['desktop', 'web'])
    expect(walletAppLinks({ ...listing, webapp_link: null, desktop_link: null }, uri, false)).toEqual([])
  })
})
