import { toCaipNetworkId } from '@allaccess/protocol'
import type { Chain } from 'viem'
import type { Network } from '../types'

/** A viem chain as the modal's Network entity (docs/behaviour.md#chains). */
export function toNetwork(chain: Chain): Network {
  const explorer = chain.blockExplorers?.default.url
  return {
    id: chain.id,
    chainNamespace: 'eip155',
    caipNetworkId: toCaipNetworkId('eip155', chain.id),
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: { http: chain.rpcUrls.default.http } },
    ...(explorer ? { blockExplorerUrl: explorer } : {}),
  }
}
