import type { Network } from '../types'

/**
 * The Wallet Standard's names of Solana's public clusters (`solana:mainnet`…) and their CAIP-2 ids (the first 32
 * characters of each cluster's genesis hash). A wallet may name a network either way; any other network
 * (the local chain) is the standard's `solana:localnet`.
 */
const CLUSTER_REFERENCES = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const

const LOCALNET = 'solana:localnet'

/** The Wallet Standard chain a request on `network` names: its cluster name, or `solana:localnet`. */
export function walletChainOf(network: Network): `solana:${string}` {
  const cluster = Object.entries(CLUSTER_REFERENCES).find(([, reference]) => reference === String(network.id))
  return cluster ? `solana:${cluster[0]}` : LOCALNET
}

/** Whether a wallet that lists `chains` serves `network` (by its CAIP-2 id or the standard's name for it). */
export const servesNetwork = (chains: readonly string[], network: Network) =>
  chains.includes(network.caipNetworkId) || chains.includes(walletChainOf(network))

/** The wallet's Solana chains (the standard's identifiers are `namespace:reference`). */
export const solanaChainsOf = (chains: readonly string[]) =>
  chains.filter((chain) => chain.startsWith('solana:'))
