// @ts-check

/**
 * Modules WalletConnect's utils import only to hash Algorand (msgpack), Polkadot (blakejs) and Sui (noble's
 * BLAKE2) transactions.
 */
const OTHER_CHAINS = /^(@msgpack\/msgpack|blakejs|@noble\/hashes\/blake2)$/
const STUB = '\0allaccess:other-chains-hashes'

/**
 * WalletConnect's utils hash Algorand, Polkadot and Sui transactions for a wallet's answers to `algo_signTxn`,
 * `polkadot_signTransaction` and `sui_signTransaction` (the "transaction verification fields" a wallet's client
 * reports with its result). A dapp never sends those answers, and this site's sessions are eip155 only, so that code never runs
 * here: those modules (~32 KiB raw) are left out. Were it ever reached, the client's own try/catch around it
 * turns the stub's error into an empty list of hashes.
 * @returns {import('vite').Plugin}
 */
export function withoutOtherChainsHashes() {
  return {
    name: 'allaccess:without-other-chains-hashes',
    enforce: 'pre',
    resolveId: (source, importer) =>
      OTHER_CHAINS.test(source) && importer?.includes('/node_modules/@walletconnect/utils/') ? STUB : null,
    load: (id) =>
      id === STUB
        ? `const unused = () => { throw new Error('not bundled: only eip155 sessions here') }
export { unused as blake2b, unused as decode, unused as encode }`
        : null,
  }
}
