import { createHash } from 'node:crypto'
import { seedAssetImages } from './assets.js'
import { generateWalletFixture, seedWallets } from './catalogue/index.js'
import type { DirectoryStore } from './store.js'

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex')

/**
 * Writes the packaged catalogue and asset images when they differ from what was last seeded, so a
 * restart neither rewrites the table nor undoes edits made through an import of the same ids.
 */
export async function seedDirectory(store: DirectoryStore): Promise<void> {
  const wallets = seedWallets()
  const walletHash = hashOf(wallets)
  if ((await store.meta('seed:catalogue')) !== walletHash) {
    await store.upsertListings(wallets)
    await store.setMeta('seed:catalogue', walletHash)
  }
  const assets = seedAssetImages()
  const assetHash = hashOf(assets.map((image) => [image.kind, image.id, image.etag]))
  if ((await store.meta('seed:assets')) !== assetHash) {
    await store.putImages(assets)
    await store.setMeta('seed:assets', assetHash)
  }
}

/** Adds the generated wallets for load and UI-scale tests (idempotent for a given count and seed). */
export function loadWalletFixture(store: DirectoryStore, count: number, seed = 1) {
  return store.upsertListings(generateWalletFixture(count, seed))
}
