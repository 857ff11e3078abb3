import type { AccountSnapshot } from './connections'
import type { CaipNetworkId, ChainNamespace, Network } from './types'

/** A namespace's account while nothing is connected there. */
export const DISCONNECTED: AccountSnapshot = {
  status: 'disconnected',
  address: undefined,
  caipAddress: undefined,
  chainId: undefined,
  network: undefined,
  connector: undefined,
  connectionId: undefined,
}

/** A network the site doesn't configure, as the state shows it: its id, no name, no native currency. */
export function unsupportedNetwork(caipNetworkId: CaipNetworkId): Network {
  const [namespace, id = ''] = caipNetworkId.split(':') as [ChainNamespace, string]
  return {
    id,
    chainNamespace: namespace,
    caipNetworkId,
    name: 'Unknown Network',
    nativeCurrency: { name: '', decimals: 0, symbol: '' },
    rpcUrls: { default: { http: [] } },
  }
}
