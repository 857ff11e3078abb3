// @ts-check
import { fileURLToPath } from 'node:url'

const UINT8ARRAYS = /^uint8arrays(\/(from-string|to-string|concat))?$/
const OWN = fileURLToPath(new URL('./uint8arrays.ts', import.meta.url))

/**
 * WalletConnect's modules encode bytes with `./uint8arrays.ts` instead of `uint8arrays`, which loads every base
 * of `multiformats` (~3 KiB gzip): the same five encodings on the page's `@scure/base`.
 * @returns {import('vite').Plugin}
 */
export function ownUint8arrays() {
  return {
    name: 'allaccess:own-uint8arrays',
    enforce: 'pre',
    resolveId: (source, importer) =>
      UINT8ARRAYS.test(source) && importer?.includes('/node_modules/@walletconnect/') ? OWN : null,
  }
}
