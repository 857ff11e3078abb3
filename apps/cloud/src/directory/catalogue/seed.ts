import type { WalletCatalogueEntry } from '@allaccess/protocol'
import { parseCatalogue } from './schema.js'
import catalogue from './wallets.json' with { type: 'json' }

let validatedSeed: readonly WalletCatalogueEntry[] | undefined

/** The hand-assembled catalogue of real wallets (wallets.json), validated once, in featured order. */
export function seedWallets(): WalletCatalogueEntry[] {
  validatedSeed ??= Object.freeze(parseCatalogue(catalogue).sort((a, b) => a.order - b.order))
  return validatedSeed.map((listing) => structuredClone(listing))
}
