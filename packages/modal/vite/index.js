// @ts-check: plain JavaScript with checked types, so that Node loads it as it loads a Vite config.
import { consoleLogger } from './consoleLogger.js'
import { esmBuilds } from './esmBuilds.js'
import { minifiedCss } from './minifiedCss.js'
import { oneCopyOfCrypto } from './oneCopyOfCrypto.js'
import { ownModules } from './ownModules.js'
import { ownRelayAuth } from './ownRelayAuth.js'
import { ownUint8arrays } from './ownUint8arrays.js'
import { withoutOtherChainsHashes } from './withoutOtherChainsHashes.js'

/**
 * `@allaccess/modal/vite`: what a Vite site using the modal adds to its plugins, so the WalletConnect chunk the
 * modal loads on first use carries no code this kit never runs nor a second copy of code the page already has
 * (see each plugin), and the modal's styles ship minified. Order matters: the hashes stub before `oneCopyOfCrypto`, which would otherwise resolve
 * noble's BLAKE2 to the page's copy.
 * @returns {import('vite').Plugin[]}
 */
export function allAccessModal() {
  return [
    withoutOtherChainsHashes(),
    ownRelayAuth(),
    consoleLogger(),
    ownUint8arrays(),
    ownModules(),
    esmBuilds(),
    oneCopyOfCrypto(),
    minifiedCss(),
  ]
}
