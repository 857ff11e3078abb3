import { coinTypeOfChainId, isEvmAddress } from '@allaccess/protocol'
import { checksumAddress } from 'viem'
import type { ChainFamily } from '../types'

/** The receiver as the wallet wants it: 0x-prefixed. */
const withPrefix = (address: string) => (/^0x/i.test(address) ? `0x${address.slice(2)}` : `0x${address}`)

/** The EVM family (eip155): viem's checksum, EIP-4361 sign-in, explorers' `/address/` and `/tx/` pages. */
export const evmFamily: ChainFamily = {
  namespace: 'eip155',
  addressFormat: '40 hex characters, 0x optional',
  activity: true,
  names: true,
  parseAddress(input) {
    const address = input.trim()
    if (!isEvmAddress(address)) return { problem: 'invalidReceiver' }
    const prefixed = withPrefix(address)
    // An address in mixed case carries a checksum (EIP-55): a typo in it is caught here, not on chain.
    const hex = prefixed.slice(2)
    const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase()
    if (mixedCase && checksumAddress(prefixed as `0x${string}`) !== prefixed)
      return { problem: 'badChecksum' }
    return { address: prefixed }
  },
  explorerUrl(network, kind, id) {
    if (!network.blockExplorerUrl) return undefined
    return `${network.blockExplorerUrl.replace(/\/+$/, '')}/${kind === 'address' ? 'address' : 'tx'}/${id}`
  },
  // ENSIP-11: the chain's own coin type, then the one every EVM chain shares (chain id 0).
  nameCoinTypes: (network) => [coinTypeOfChainId(Number(network.id)), coinTypeOfChainId(0)],
  signInMessage: (data) => import('./signInMessage').then(({ formatSiwxMessage }) => formatSiwxMessage(data)),
}
