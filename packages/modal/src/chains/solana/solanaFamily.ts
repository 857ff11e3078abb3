import { getBase58Encoder } from '@solana/kit'
import type { ChainFamily, Network } from '../types'
import { walletChainOf } from './solanaChains'

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

/** Solana's own explorer, for a network that names none. */
const SOLANA_EXPLORER = 'https://explorer.solana.com'

/**
 * Where a network without an explorer of its own is seen: Solana Explorer on its cluster, or (another network, the
 * local chain) on a custom cluster read from the network's own node, the last of its RPC URLs.
 */
function defaultExplorer(network: Network): string | undefined {
  const chain = walletChainOf(network)
  if (chain === 'solana:mainnet') return SOLANA_EXPLORER
  if (chain !== 'solana:localnet') return `${SOLANA_EXPLORER}?cluster=${chain.slice('solana:'.length)}`
  const node = network.rpcUrls.default.http.at(-1)
  return node ? `${SOLANA_EXPLORER}?cluster=custom&customUrl=${encodeURIComponent(node)}` : undefined
}

/**
 * An explorer page of `kind`: the network's explorer URL may carry the cluster as its query
 * (`https://explorer.solana.com?cluster=devnet`), which every page keeps.
 */
function explorerPage(network: Network, kind: 'address' | 'transaction', id: string): string | undefined {
  const base = network.blockExplorerUrl ?? defaultExplorer(network)
  if (!base) return undefined
  const url = new URL(base)
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
