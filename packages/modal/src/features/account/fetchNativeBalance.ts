import { accountKey } from '../../api/cacheKeys'
import type { Network } from '../../chains/types'
import { formatBalance } from '../../kernel/formatBalance'
import { DEFAULT_BALANCE, DEFAULT_BALANCE_SYMBOL, NATIVE_BALANCE_CACHE_MS } from './constants'
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

/** A native balance as shown: 3 decimals, truncated, and the coin's symbol ('1.234 ETH'). */
export const balanceText = ({ value, decimals, symbol }: NativeBalance) =>
  `${formatBalance(BigInt(value), decimals)} ${symbol}`

/**
 * The native balance as shown (docs/behaviour.md#balance): a failed lookup is logged and shows the default
 * balance in the network's coin (0.00 ETH on an EVM network; the product's symbol when the network names none).
 */
export function nativeBalanceText(
  deps: Pick<AccountDeps, 'cache' | 'wallet'>,
  address: string,
  network: Network,
): Promise<string> {
  return fetchNativeBalance(deps, address, network).then(balanceText, (error: unknown) => {
    console.warn('Balance lookup failed', error)
    return `${DEFAULT_BALANCE} ${network.nativeCurrency.symbol || DEFAULT_BALANCE_SYMBOL}`
  })
}
