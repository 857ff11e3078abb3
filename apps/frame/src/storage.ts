import { openVault, type Vault, type VaultScope } from './vault'

/**
 * What the console says when the browser refuses the frame its storage. The frame then stays silent (no `ready`),
 * and the host page shows 'Network Error - Could not load embedded wallet' once its wait for the frame ends.
 */
export const STORAGE_REFUSED_EXPLANATION =
  "All-Access Pass: the embedded wallet's frame cannot use its storage (IndexedDB was refused), so it does not " +
  'load. Browsers refuse storage to a frame from another site than the page it is on (a third-party context). ' +
  "Serve the frame on its own origin under the site's domain, e.g. wallet.example.com for a site on example.com " +
  '(docs/deploy.md#layout).'

/**
 * The frame's vault, once one read from it succeeded; otherwise why the browser refused it (an IndexedDB that
 * throws, or fails to open, in a third-party context).
 */
export async function openUsableVault(
  indexedDB: () => IDBFactory = () => globalThis.indexedDB,
  scope?: VaultScope,
): Promise<{ vault: Vault } | { refused: unknown }> {
  try {
    const vault = openVault(indexedDB(), scope)
    await vault.get('deviceId')
    return { vault }
  } catch (error) {
    return { refused: error }
  }
}
