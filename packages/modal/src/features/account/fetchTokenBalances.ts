import { NATIVE_TOKEN_REFERENCE, type TokenBalance } from '@allaccess/protocol'
import { tokenBalancesKey } from '../../api/cacheKeys'
import type { Network, WalletActions } from '../../chains/types'
import { toDecimal } from '../../kernel/bigDecimal'
import { PORTFOLIO_CACHE_MS, TOKEN_BALANCE_RETRY_MS } from './constants'
import type { AccountDeps } from './deps'
import { AccountError } from './errors'

/** docs/behaviour.md#balances: an entry with zero decimals is low quality, and dropped. */
const isQuality = (balance: TokenBalance) => balance.quantity.decimals !== '0'

/**
 * The account's token balances (docs/behaviour.md#balances): from the wallet when it discovers assets itself,
 * else from the cloud. Cached 30 s; identical requests in flight share one; after a failure no request goes out
 * for 30 s. `onFailed` hears each failure as it happens (not the repeats answered from the cache meanwhile).
 * Without a network the site configures there is nothing to ask: 'Token Balance Unavailable'.
 */
export async function fetchTokenBalances(
  deps: AccountDeps,
  address: string,
  network: Network | undefined,
  {
    force = false,
    background = false,
    onFailed,
  }: { force?: boolean; background?: boolean; onFailed?: (error: unknown) => void } = {},
): Promise<TokenBalance[]> {
  if (!network) throw new AccountError('tokenBalanceUnavailable')
  const key = tokenBalancesKey(network, address)
  if (force) deps.cache.invalidate(key)
  return deps.cache.fetch({
    key,
    staleMs: PORTFOLIO_CACHE_MS,
    retryGapMs: TOKEN_BALANCE_RETRY_MS,
    background,
    fetch: () =>
      readBalances(deps, address, network, force).then(
        (balances) => balances.filter(isQuality),
        (error: unknown) => {
          onFailed?.(error)
          throw error
        },
      ),
  })
}

async function readBalances(
  deps: AccountDeps,
  address: string,
  network: Network,
  force: boolean,
): Promise<TokenBalance[]> {
  const wallet = await deps.wallet().catch(() => undefined)
  if (wallet && (await discoversAssets(deps, wallet, address, network))) {
    const assets = await wallet.listAssets?.(address, network)
    if (!assets) throw new AccountError('tokenBalanceUnavailable')
    return priced(deps, assets)
  }
  if (!deps.cloud) throw new AccountError('tokenBalanceUnavailable')
  const cloud = await deps.cloud()
  return cloud.balances(address, { chainId: network.caipNetworkId, forceUpdate: force })
}

/**
 * Assets the wallet listed without a price get the cloud's (`POST /v1/fungible/price`), so their value and the
 * total show; a price the cloud can't give leaves the asset as the wallet said.
 */
async function priced(deps: AccountDeps, assets: TokenBalance[]): Promise<TokenBalance[]> {
  const unpriced = assets.filter((asset) => asset.price === 0)
  if (!deps.cloud || unpriced.length === 0) return assets
  const idOf = (asset: TokenBalance) => asset.address ?? `${asset.chainId}:${NATIVE_TOKEN_REFERENCE}`
  const prices = await (await deps.cloud()).prices(unpriced.map(idOf)).catch((error: unknown) => {
    deps.report(error, 'prices')
    return []
  })
  const priceOf = new Map(prices.map((price) => [price.address.toLowerCase(), price.price]))
  return assets.map((asset) => {
    const price = asset.price || priceOf.get(idOf(asset).toLowerCase())
    return price
      ? { ...asset, price, value: Number(toDecimal(asset.quantity.numeric).times(price).toFixed(2)) }
      : asset
  })
}

/** A wallet that can't say what it supports supports nothing; what it says that can't be read is reported. */
async function discoversAssets(
  { report }: AccountDeps,
  wallet: WalletActions,
  address: string,
  network: Network,
): Promise<boolean> {
  if (!wallet.discoversAssets) return false
  return wallet.discoversAssets(address, network).catch((error: unknown) => {
    report(error, 'capabilities')
    return false
  })
}
