import type { WalletListing } from '@allaccess/protocol'
import { FEATURED_PAGE_SIZE } from '../../app/constants'
import { BROWSER_WALLET_NAME } from '../../chains/constants'
import type { Connector } from '../../chains/types'
import type { RecentWallet } from './recentWallets'

/** docs/behaviour.md#wallet-picker: sections are ordered by type. */
export const WALLET_SECTIONS = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type WalletSection = (typeof WALLET_SECTIONS)[number]

/** One row of the wallet picker: a connector that can connect now, or a directory listing. */
export type WalletOption = {
  key: string
  section: WalletSection
  name: string
  imageUrl?: string
  rdns?: string
  /** Present when the wallet can connect right here (installed, announced or WalletConnect). */
  connectorId?: string
  /** The browser has it (an extension, injected or announced by EIP-6963): the picker marks it Installed. */
  installed: boolean
  listing?: WalletListing
}

export type WalletSectionsInput = {
  connectors: readonly Connector[]
  recent: readonly RecentWallet[]
  featured: readonly WalletListing[]
  recommended: readonly WalletListing[]
  custom: readonly WalletListing[]
  /** Wallets to leave out, by id, rdns or (case-insensitive) name. */
  excluded: readonly string[]
  isMobile: boolean
  /** A configured connector-type order; sections it leaves out are not shown. */
  order?: readonly WalletSection[]
}

/** Builds the picker's rows by the rules of docs/behaviour.md#wallet-picker, section by section. */
export function buildWalletSections(input: WalletSectionsInput): WalletOption[] {
  const excluded = new Set(input.excluded.map((entry) => entry.toLowerCase()))
  const isExcluded = (option: { id?: string; name: string; rdns?: string | null }) =>
    excluded.has(option.name.toLowerCase()) ||
    (option.rdns ? excluded.has(option.rdns.toLowerCase()) : false) ||
    (option.id ? excluded.has(option.id.toLowerCase()) : false)

  const connectors = input.connectors.filter((connector) => isShownConnector(connector, input.isMobile))
  const installed = connectors.filter(
    (connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED',
  )
  const installedFor = (id: string, rdns?: string | null) =>
    installed.find((connector) => connector.id === id || (rdns && connector.info?.rdns === rdns))

  const seenIds = new Set<string>()
  const seenRdns = new Set<string>()
  const take = (option: WalletOption, id: string): WalletOption | null => {
    if (seenIds.has(id) || (option.rdns && seenRdns.has(option.rdns))) return null
    if (isExcluded({ id, name: option.name, rdns: option.rdns })) return null
    seenIds.add(id)
    if (option.connectorId) seenIds.add(option.connectorId)
    if (option.rdns) seenRdns.add(option.rdns)
    return option
  }
  const fromConnector = (connector: Connector, section: WalletSection) =>
    take(
      {
        key: `${section}:${connector.id}`,
        section,
        name: connector.name,
        connectorId: connector.id,
        installed: installed.includes(connector),
        ...optional('imageUrl', connector.imageUrl ?? connector.info?.icon),
        ...optional('rdns', connector.info?.rdns),
      },
      connector.id,
    )
  const fromListing = (listing: WalletListing, section: WalletSection) => {
    const connector = installedFor(listing.id, listing.rdns)
    return take(
      {
        key: `${section}:${listing.id}`,
        section,
        name: listing.name,
        listing,
        installed: Boolean(connector),
        imageUrl: listing.image_url,
        ...optional('rdns', listing.rdns ?? undefined),
        ...optional('connectorId', connector?.id),
      },
      listing.id,
    )
  }

  const build: Record<WalletSection, () => (WalletOption | null)[]> = {
    walletConnect: () =>
      connectors
        .filter((connector) => connector.type === 'WALLET_CONNECT')
        .map((c) => fromConnector(c, 'walletConnect')),
    recent: () =>
      input.recent.map((wallet) => {
        const connector = installedFor(wallet.id, wallet.rdns)
        return take(
          {
            key: `recent:${wallet.id}`,
            section: 'recent',
            name: wallet.name,
            installed: Boolean(connector),
            ...optional('imageUrl', connector?.imageUrl ?? connector?.info?.icon ?? wallet.imageUrl),
            ...optional('rdns', wallet.rdns),
            ...optional('connectorId', connector?.id),
          },
          wallet.id,
        )
      }),
    injected: () => installed.map((connector) => fromConnector(connector, 'injected')),
    featured: () => installedFirst(input.featured).map((listing) => fromListing(listing, 'featured')),
    custom: () => input.custom.map((listing) => fromListing(listing, 'custom')),
    external: () =>
      connectors
        .filter((connector) => connector.type === 'EXTERNAL')
        .map((c) => fromConnector(c, 'external')),
    recommended: () =>
      installedFirst(input.recommended).map((listing) => fromListing(listing, 'recommended')),
  }
  // docs/behaviour.md#wallet-picker: the directory's picks (featured, then recommended) fill at most one page of 4 rows, so the list stays
  // short and All Wallets in view; rows the visitor's own wallets took don't count.
  let directoryRows = 0
  return (input.order ?? WALLET_SECTIONS).flatMap((section) =>
    build[section]().filter(
      (option): option is WalletOption =>
        option !== null &&
        ((section !== 'featured' && section !== 'recommended') || ++directoryRows <= FEATURED_PAGE_SIZE),
    ),
  )

  /** docs/behaviour.md#wallet-picker: installed wallets sort first, then featured order (the order the list comes in; sort is stable). */
  function installedFirst(listings: readonly WalletListing[]): WalletListing[] {
    return [...listings].sort(
      (a, b) => Number(Boolean(installedFor(b.id, b.rdns))) - Number(Boolean(installedFor(a.id, a.rdns))),
    )
  }
}

/**
 * docs/behaviour.md#wallet-picker: a browser-injected wallet named Browser Wallet is hidden on desktop (the wallets that announce
 * themselves cover it); on mobile it is hidden when it has no rdns.
 */
function isShownConnector(connector: Connector, isMobile: boolean): boolean {
  if (connector.type !== 'INJECTED' || connector.name !== BROWSER_WALLET_NAME) return true
  return isMobile && Boolean(connector.info?.rdns)
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]: V })
}
