import { fileURLToPath } from 'node:url'

// @ts-check

const RELAY_AUTH = '@walletconnect/relay-auth'
const OWN = fileURLToPath(new URL('./relayAuth.ts', import.meta.url))

/**
 * WalletConnect's core and utils sign the relay's JWT and read Verify's with `./relayAuth.ts` instead of
 * `@walletconnect/relay-auth`, whose build carries its own copy of the Ed25519 and SHA-512 code (~35 KiB raw):
 * the same JWTs, on the page's `@noble/curves`.
 * @returns {import('vite').Plugin}
 */
export function ownRelayAuth() {
  return {
    name: 'allaccess:own-relay-auth',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === RELAY_AUTH && importer?.includes('/node_modules/@walletconnect/') ? OWN : null,
  }
}
