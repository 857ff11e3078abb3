// @ts-check
import { fileURLToPath } from 'node:url'

/**
 * Packages WalletConnect's modules import for a few functions, and the modal's own smaller module for each (each
 * file says what it keeps and why it is enough): ~13 KiB gzip less in all.
 */
const OWN = new Map([
  ['@walletconnect/keyvaluestorage', './keyValueStorage.ts'],
  ['events', './eventEmitter.ts'],
  ['detect-browser', './detectBrowser.ts'],
  ['es-toolkit/compat', './isEqual.ts'],
  ['ox', './signatureRecovery.ts'],
])

/**
 * WalletConnect's modules import the modal's own `./keyValueStorage.ts`, `./eventEmitter.ts`,
 * `./detectBrowser.ts`, `./isEqual.ts` and `./signatureRecovery.ts` instead of the packages they replace (see
 * `OWN`).
 * @returns {import('vite').Plugin}
 */
export function ownModules() {
  return {
    name: 'allaccess:own-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      const own = OWN.get(source)
      return own && importer?.includes('/node_modules/@walletconnect/')
        ? fileURLToPath(new URL(own, import.meta.url))
        : null
    },
  }
}
