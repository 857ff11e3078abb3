import { accountKey } from '../../api/cacheKeys'
import type { Network } from '../../chains/types'
import { NATIVE_BALANCE_CACHE_MS } from './constants'
import type { AccountDeps } from './deps'

/** A native balance as the cache and local storage keep it: base units as a decimal string. */
export type NativeBalance = { value: string; decimals: number; symbol: string }

export const nativeBalanceKey = (network: Network, address: string) =>
  `${accountKey(network, address)}:native`

/** The native balance, cached 30 s per network and address; identical reads in flight share one. */
export function fetchNativeBalance(
  { cache, wallet }: Pick<AccountDeps, 'cache' | 'wallet'>,
  address: string,
  network: Network,
): Promise<NativeBalance> {
  return cache.fetch({
    key: nativeBalanceKey(network, address),
    staleMs: NATIVE_BALANCE_CACHE_MS,
    fetch: async () => {
      const { value, decimals, symbol } = await (await wallet()).getBalance(address, network)
      return { value: value.toString(), decimals, symbol }
    },
  })
}
