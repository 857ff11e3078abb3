import type { Network } from '../../chains/types'

/**
 * The names of well-known EVM chains, by chain id: a wallet on one the site doesn't configure shows its name, not
 * "Unknown Network" (the swap-supported chains of spec §9 and the embedded wallet's networks, with their testnets).
 */
export const KNOWN_EVM_CHAINS: Readonly<Record<string, string>> = {
  '1': 'Ethereum',
  '10': 'OP Mainnet',
  '56': 'BNB Smart Chain',
  '100': 'Gnosis',
  '137': 'Polygon',
  '250': 'Fantom',
  '324': 'zkSync Era',
  '8217': 'Kaia',
  '8453': 'Base',
  '42161': 'Arbitrum One',
  '42220': 'Celo',
  '43114': 'Avalanche',
  '59144': 'Linea',
  '7777777': 'Zora',
  '1313161554': 'Aurora',
  '11155111': 'Sepolia',
  '17000': 'Holesky',
  '84532': 'Base Sepolia',
  '11155420': 'OP Sepolia',
  '421614': 'Arbitrum Sepolia',
  '80002': 'Polygon Amoy',
}

/** A network's name as the visitor reads it: the site's, else the well-known chain's, else the placeholder's. */
export function networkName(network: Network, configured: boolean): string {
  if (configured || network.chainNamespace !== 'eip155') return network.name
  return KNOWN_EVM_CHAINS[String(network.id)] ?? network.name
}
