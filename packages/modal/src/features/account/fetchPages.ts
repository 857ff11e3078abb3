import type { HistoryPage, NftPage } from '@allaccess/protocol'
import { accountKey } from '../../api/cacheKeys'
import type { Network } from '../../chains/types'
import { ACCOUNT_PAGE_CACHE_MS } from './constants'
import type { AccountDeps } from './deps'
import { AccountError } from './errors'

export const activityKey = (network: Network, address: string) => `${accountKey(network, address)}:activity`
export const nftsKey = (network: Network, address: string) => `${accountKey(network, address)}:nfts`

/** The cloud's account calls; a site without a cloud has no activity or NFTs to show. */
function cloudOf({ cloud }: Pick<AccountDeps, 'cloud'>) {
  if (!cloud) throw new AccountError('noCloud')
  return cloud()
}

/** One page of the account's history, newest first, by cursor (docs/behaviour.md#activity). Cached 30 s. */
export function fetchActivityPage(
  deps: Pick<AccountDeps, 'cache' | 'cloud'>,
  address: string,
  network: Network,
  cursor?: string,
): Promise<HistoryPage> {
  return deps.cache.fetch({
    key: `${activityKey(network, address)}:${cursor ?? ''}`,
    staleMs: ACCOUNT_PAGE_CACHE_MS,
    fetch: async () => (await cloudOf(deps)).history(address, { chainId: network.caipNetworkId, cursor }),
  })
}

/** One page of the account's NFTs, by cursor (docs/behaviour.md#nfts). Cached 30 s. */
export function fetchNftPage(
  deps: Pick<AccountDeps, 'cache' | 'cloud'>,
  address: string,
  network: Network,
  cursor?: string,
): Promise<NftPage> {
  return deps.cache.fetch({
    key: `${nftsKey(network, address)}:${cursor ?? ''}`,
    staleMs: ACCOUNT_PAGE_CACHE_MS,
    fetch: async () => (await cloudOf(deps)).nfts(address, { chainId: network.caipNetworkId, cursor }),
  })
}
