import { parseCatalogue } from './catalogue/index.js'
import type { DirectoryStore, UpsertResult } from './store.js'

/** Validates a JSON array of listings (throws CatalogueError naming each bad field) and upserts it. */
export async function importWallets(store: DirectoryStore, json: unknown): Promise<UpsertResult> {
  return store.upsertListings(parseCatalogue(json))
}
