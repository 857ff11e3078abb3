import { getBase58Encoder } from '@solana/kit'
import type { ChainFamily, Network } from '../types'

/** docs/behaviour.md#chains: 32 to 44 base58 characters; a public key is 32 bytes. */
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const PUBLIC_KEY_BYTES = 32

/** Solana's SLIP-44 coin type, as ENSIP-9 names it. */
export const SOLANA_COIN_TYPE = 501

/** The text after 'The receiver address is not valid: ' in Send. */
export const SOLANA_ADDRESS_FORMAT = '32 to 44 base58 characters'

const isPublicKey = (address: string) => {
  if (!BASE58_ADDRESS.test(address)) return false
  // 32 to 44 characters also spell 23 to 33 bytes: only a 32-byte key is an account.
  return getBase58Encoder().encode(address).length === PUBLIC_KEY_BYTES
}

/**
 * An explorer page of `kind`: the network's explorer URL may carry the cluster as its query
 * (`https://explorer.solana.com?cluster=devnet`), which every page keeps.
 */
function explorerPage(network: Network, kind: 'address' | 'transaction', id: string): string | undefined {
  if (!network.blockExplorerUrl) return undefined
  const url = new URL(network.blockExplorerUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${kind === 'address' ? 'address' : 'tx'}/${id}`
  return url.toString()
}

/** The Solana family: base58 public keys, CAIP-122's Solana message (loaded on first use), explorers' pages. */
export const solanaFamily: ChainFamily = {
  namespace: 'solana',
  addressFormat: SOLANA_ADDRESS_FORMAT,
  // The cloud's history and names are EVM's (docs/behaviour.md#account).
  activity: false,
  names: false,
  parseAddress(input) {
    const address = input.trim()
    return isPublicKey(address) ? { address } : { problem: 'invalidReceiver' }
  },
  explorerUrl: explorerPage,
  nameCoinTypes: () => [SOLANA_COIN_TYPE],
  signInMessage: (data) =>
    import('./signInMessage').then(({ formatSolanaSignIn }) => formatSolanaSignIn(data)),
}
