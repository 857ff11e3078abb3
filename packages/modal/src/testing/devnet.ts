import { defineChain } from 'viem'
import type { Network } from '../chains/types'

/** The local devnet as unit tests see it: no node behind it (port 1), so nothing is read by accident. */
export const devnet = defineChain({
  id: 31337,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

/** Anvil's first two dev accounts. */
export const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The devnet as the chain layer lists it (a `Network`), for tests of features that need one configured network. */
export const devnetNetwork: Network = {
  id: 31337,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
