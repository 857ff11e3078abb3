import { describe, expect, it } from 'vitest'
import { FEATURED_PAGE_SIZE } from '../../app/constants'
import type { Connector } from '../../chains/types'
import { walletListing } from '../../testing/walletListing'
import { buildWalletSections, type WalletSectionsInput } from './walletSections'

// The behaviour these tests check: docs/behaviour.md#wallet-picker.

const listing = (id: string, name: string, order: number, rdns: string | null = null) =>
  walletListing({ id, name, order, rdns, image_url: `https://cloud.test/getWalletImage/${id}` })
const metamaskConnector: Connector = {
  id: 'io.metamask',
  type: 'ANNOUNCED',
  name: 'MetaMask',
  chain: 'eip155',
  info: { rdns: 'io.metamask', icon: 'data:image/svg+xml,mm' },
}
const browserWallet: Connector = { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' }
const walletConnect: Connector = {
  id: 'walletConnect',
  type: 'WALLET_CONNECT',
  name: 'WalletConnect',
  chain: 'eip155',
}
const base: WalletSectionsInput = {
  connectors: [],
  recent: [],
  featured: [],
  recommended: [],
  custom: [],
  excluded: [],
  isMobile: false,
}
const rows = (input: Partial<WalletSectionsInput>) =>
  buildWalletSections({ ...base, ...input }).map((option) => `${option.section}:${option.name}`)

describe('Wallet picker: sections are ordered walletConnect, recent, injected, featured, custom, external, recommended', () => {
  it('orders the sections by type', () => {
    expect(
      rows({
        connectors: [
          metamaskConnector,
          walletConnect,
          { id: 'ext', type: 'EXTERNAL', name: 'Ext', chain: 'eip155' },
        ],
        recent: [{ id: 'rainbow', name: 'Rainbow' }],
        featured: [listing('trust', 'Trust Wallet', 2)],
        custom: [listing('acme', 'Acme Wallet', 99)],
        recommended: [listing('zerion', 'Zerion', 9)],
      }),
    ).toEqual([
      'walletConnect:WalletConnect',
      'recent:Rainbow',
      'injected:MetaMask',
      'featured:Trust Wallet',
      'custom:Acme Wallet',
      'external:Ext',
      'recommended:Zerion',
    ])
  })

  it('the connector-type order can be overridden by configuration', () => {
    expect(
      rows({
        connectors: [metamaskConnector],
        recommended: [listing('zerion', 'Zerion', 9)],
        order: ['recommended', 'injected'],
      }),
    ).toEqual(['recommended:Zerion', 'injected:MetaMask'])
  })
})

describe('Wallet list', () => {
  it('wallets are excluded by rdns or by a case-insensitive name match', () => {
    expect(
      rows({
        connectors: [metamaskConnector],
        featured: [listing('trust', 'Trust Wallet', 2), listing('rainbow', 'Rainbow', 3, 'me.rainbow')],
        excluded: ['io.metamask', 'TRUST WALLET', 'me.rainbow'],
      }),
    ).toEqual([])
  })

  it('a browser-injected wallet named Browser Wallet is hidden on desktop, and on mobile when it has no rdns', () => {
    expect(rows({ connectors: [browserWallet] })).toEqual([])
    expect(rows({ connectors: [browserWallet], isMobile: true })).toEqual([])
    expect(rows({ connectors: [{ ...browserWallet, info: { rdns: 'com.x' } }], isMobile: true })).toEqual([
      'injected:Browser Wallet',
    ])
  })

  it('duplicates are filtered by rdns and by id against installed and recent wallets', () => {
    const options = buildWalletSections({
      ...base,
      connectors: [metamaskConnector],
      recent: [{ id: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow' }],
      featured: [
        listing('metamask', 'MetaMask', 1, 'io.metamask'),
        listing('rainbow', 'Rainbow', 2, 'me.rainbow'),
      ],
      recommended: [listing('rainbow', 'Rainbow', 2), listing('zerion', 'Zerion', 9)],
    })
    expect(options.map((option) => `${option.section}:${option.name}`)).toEqual([
      'recent:Rainbow',
      'injected:MetaMask',
      'recommended:Zerion',
    ])
  })

  it('a recent wallet that is installed connects through its connector', () => {
    const [recent] = buildWalletSections({
      ...base,
      connectors: [metamaskConnector],
      recent: [{ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }],
    })
    expect(recent).toMatchObject({
      section: 'recent',
      connectorId: 'io.metamask',
      imageUrl: 'data:image/svg+xml,mm',
    })
  })

  it('installed wallets sort first, then featured order', () => {
    const options = buildWalletSections({
      ...base,
      connectors: [{ ...metamaskConnector, id: 'mm-2', info: { rdns: 'io.metamask.flask' } }],
      featured: [
        listing('b', 'B', 2),
        listing('a', 'A', 1),
        listing('flask', 'Flask', 7, 'io.metamask.flask'),
      ],
    })
    // Flask is installed, so it is listed (once) with the installed wallets; the rest keep the featured order.
    expect(options.map((option) => `${option.section}:${option.name}`)).toEqual([
      'injected:MetaMask',
      'featured:B',
      'featured:A',
    ])
  })
})

describe('Featured/recommended page size: the picker lists at most 4 wallets of the directory', () => {
  const directory = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => listing(`${prefix}${index}`, `${prefix}${index}`, index))

  it('featured first, recommended filling the places left, custom and installed wallets not counted', () => {
    expect(FEATURED_PAGE_SIZE).toBe(4)
    expect(
      rows({
        connectors: [metamaskConnector, walletConnect],
        featured: directory('f', 2),
        recommended: directory('r', 4),
        custom: [listing('acme', 'Acme Wallet', 99)],
      }),
    ).toEqual([
      'walletConnect:WalletConnect',
      'injected:MetaMask',
      'featured:f0',
      'featured:f1',
      'custom:Acme Wallet',
      'recommended:r0',
      'recommended:r1',
    ])
    expect(rows({ featured: directory('f', 4), recommended: directory('r', 4) })).toEqual(
      directory('f', 4).map((wallet) => `featured:${wallet.name}`),
    )
  })

  it('a featured wallet listed with the installed ones leaves its place to a recommended one', () => {
    expect(
      rows({
        connectors: [metamaskConnector],
        featured: [listing('metamask', 'MetaMask', 1, 'io.metamask'), ...directory('f', 3)],
        recommended: directory('r', 4),
      }),
    ).toEqual(['injected:MetaMask', 'featured:f0', 'featured:f1', 'featured:f2', 'recommended:r0'])
  })
})

describe('installed wallets are told apart from directory wallets the browser lacks', () => {
  const installed = (input: Partial<WalletSectionsInput>) =>
    buildWalletSections({ ...base, ...input }).map((option) => `${option.name}:${option.installed}`)

  it('an installed, announced or recent wallet the browser has is installed; WalletConnect and the directory are not', () => {
    expect(
      installed({
        connectors: [walletConnect, metamaskConnector, { ...browserWallet, info: { rdns: 'com.x' } }],
        recent: [
          { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
          { id: 'rainbow', name: 'Rainbow' },
        ],
        featured: [listing('trust', 'Trust Wallet', 2)],
        recommended: [listing('zerion', 'Zerion', 9)],
        isMobile: true,
      }),
    ).toEqual([
      'WalletConnect:false',
      'MetaMask:true',
      'Rainbow:false',
      'Browser Wallet:true',
      'Trust Wallet:false',
      'Zerion:false',
    ])
  })

  it('a directory wallet the browser has is installed wherever its section comes', () => {
    expect(
      installed({
        connectors: [metamaskConnector],
        featured: [listing('metamask', 'MetaMask', 1, 'io.metamask')],
        order: ['featured', 'injected'],
      }),
    ).toEqual(['MetaMask:true'])
  })
})
