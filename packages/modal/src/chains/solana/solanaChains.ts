import { SOLANA_NETWORKS } from '@allaccess/protocol'
import type { Network } from '../types'

/**
 * The Wallet Standard names Solana's public clusters `solana:mainnet`, `solana:devnet` and `solana:testnet`, the
 * names of the protocol's `SOLANA_NETWORKS`, whose CAIP-2 ids a wallet may give instead. Any other network (the
 * local chain) is the standard's `solana:localnet`.
 */
const LOCALNET = 'solana:localnet'

/** The Wallet Standard chain a request on `network` names: its cluster name, or `solana:localnet`. */
export function walletChainOf(network: Network): `solana:${string}` {
  const cluster = Object.entries(SOLANA_NETWORKS).find(([, id]) => id === `solana:${network.id}`)
  return cluster ? `solana:${cluster[0]}` : LOCALNET
}

/** Whether a wallet that lists `chains` serves `network` (by its CAIP-2 id or the standard's name for it). */
export const servesNetwork = (chains: readonly string[], network: Network) =>
  chains.includes(network.caipNetworkId) || chains.includes(walletChainOf(network))

/** The wallet's Solana chains (the standard's identifiers are `namespace:reference`). */
export const solanaChainsOf = (chains: readonly string[]) =>
  chains.filter((chain) => chain.startsWith('solana:'))

/**
 * The site's network a wallet request names (the standard's chain name, or its CAIP-2 id); none named: the site's
 * first. Undefined for a chain the site does not serve: a request is never sent on another network than asked.
 */
export const networkOfChain = (networks: readonly Network[], chain: string | undefined) =>
  chain
    ? networks.find((candidate) => candidate.caipNetworkId === chain || walletChainOf(candidate) === chain)
    : networks[0]
