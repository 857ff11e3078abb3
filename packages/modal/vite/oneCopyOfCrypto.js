import { fileURLToPath } from 'node:url'

// @ts-check

/** Packages WalletConnect pins to versions of its own that the page already has in a compatible release. */
const PAGE_COPY = /^(@noble\/curves|@noble\/hashes|ox)(\/|$)/
/** A CommonJS helper two WalletConnect packages each carry a copy of, in the same version. */
const TSLIB = 'tslib'
/** Resolved from the modal's package: the copies viem, and so the page, already has. */
const PAGE = fileURLToPath(new URL('../package.json', import.meta.url))

/**
 * WalletConnect's utils pin `@noble/curves` 1.9.7 and `ox` 0.9.3 (with its own `@noble/curves` 1.9.1), so the
 * WalletConnect chunk carried two more copies of the elliptic-curve code viem already brings to the page
 * (~22 KiB gzip). Their imports from WalletConnect's packages resolve to the page's copies instead: the same
 * 1.9 curves, and in `ox` only `Signature.fromHex` and `Secp256k1.recoverAddress`, unchanged since 0.9. Two
 * nested copies of `tslib` 1.14 become one.
 * @returns {import('vite').Plugin}
 */
export function oneCopyOfCrypto() {
  /** @type {Promise<string | undefined> | undefined} */
  let tslib
  return {
    name: 'allaccess:one-copy-of-crypto',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/node_modules/@walletconnect/')) return null
      if (PAGE_COPY.test(source)) return this.resolve(source, PAGE, { ...options, skipSelf: true })
      if (source !== TSLIB) return null
      // The first copy resolved serves every importer (resolutions run concurrently: share the promise).
      tslib ??= this.resolve(source, importer, { ...options, skipSelf: true }).then(
        (resolved) => resolved?.id,
      )
      return (await tslib) ?? null
    },
  }
}
