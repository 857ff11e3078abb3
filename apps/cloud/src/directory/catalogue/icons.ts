import type { WalletCatalogueEntry } from '@allaccess/protocol'
import { monogramSvg } from './monogram.js'
import { packagedWalletSvgs } from './package-icons.js'
import { seedWallets } from './seed.js'

export type WalletIcon = { contentType: string; body: Buffer | string }

type NamedListing = Pick<WalletCatalogueEntry, 'id' | 'name'>

const SVG_CONTENT_TYPE = 'image/svg+xml'

let seedListingsById: ReadonlyMap<string, NamedListing> | undefined

function findListing(id: string, listings: readonly NamedListing[] | undefined): NamedListing | undefined {
  if (listings !== undefined) return listings.find((candidate) => candidate.id === id)
  seedListingsById ??= new Map(seedWallets().map((listing) => [listing.id, listing]))
  return seedListingsById.get(id)
}

/**
 * The icon of a wallet listed in `listings` (the seed catalogue when omitted): its packaged logo when
 * @web3icons/core has one, else a monogram of its name. Null when no listing has that id.
 */
export function walletIcon(id: string, listings?: readonly NamedListing[]): WalletIcon | null {
  const listing = findListing(id, listings)
  if (listing === undefined) return null
  const packaged = Object.hasOwn(packagedWalletSvgs, id) ? packagedWalletSvgs[id] : undefined
  return { contentType: SVG_CONTENT_TYPE, body: packaged ?? monogramSvg(listing.name, listing.id) }
}
