// @ts-check
import { fileURLToPath } from 'node:url'

const LOGGER = '@walletconnect/logger'
const OWN = fileURLToPath(new URL('./walletConnectLogger.ts', import.meta.url))

/**
 * WalletConnect's modules log through `./walletConnectLogger.ts` instead of `@walletconnect/logger` (pino, and a
 * buffer every message is serialized into): console output at the client's level, as before, ~4 KiB gzip less.
 * @returns {import('vite').Plugin}
 */
export function consoleLogger() {
  return {
    name: 'allaccess:console-logger',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === LOGGER && importer?.includes('/node_modules/@walletconnect/') ? OWN : null,
  }
}
