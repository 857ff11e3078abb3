import { fileURLToPath } from 'node:url'

// @ts-check

/** Packages WalletConnect pins to versions of its own that the page already has in a compatible release. */
const PAGE_COPY = /^(@noble\/curves|@noble\/hashes)(\/|$)/
/** Resolved from the modal's package: the copies viem, and so the page, already has. */
const PAGE = fileURLToPath(new URL('../package.json', import.meta.url))

/**
 * WalletConnect's utils pin `@noble/curves` 1.9.7, so the WalletConnect chunk carried another copy of the
 * elliptic-curve code viem already brings to the page. Its imports from WalletConnect's packages resolve to the
 * page's copy instead: the same 1.9 curves. (`ox`, which brought a third copy, is replaced by
 * `./signatureRecovery.ts` on the page's: see `ownModules`.)
 * @returns {import('vite').Plugin}
 */
export function oneCopyOfCrypto() {
  return {
    name: 'allaccess:one-copy-of-crypto',
    enforce: 'pre',
    resolveId(source, importer, options) {
      return PAGE_COPY.test(source) && importer?.includes('/node_modules/@walletconnect/')
        ? this.resolve(source, PAGE, { ...options, skipSelf: true })
        : null
    },
  }
}
