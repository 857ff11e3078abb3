import { createPublicClient, erc20Abi, http, numberToHex } from 'viem'
import { unsupportedMethod } from '../errors'
import { objectParam, parseAddress } from '../params'
import { authorizedAccount, currentRpcUrl, type WalletState } from '../state'
import type { MethodHandler } from './context'

/** Only a wallet made with `assetDiscovery` knows `wallet_getAssets`; any other answers 4200, as before. */
function discovery(state: WalletState, method: string) {
  if (!state.assetDiscovery) throw unsupportedMethod(method)
  return state.assetDiscovery
}

/**
 * EIP-7811 `wallet_getAssets({ account, chainFilter })`: the native coin and the configured tokens on the current
 * chain, with their balances read from its node (no prices: 0).
 */
export const walletGetAssets: MethodHandler = async ({ state, request }) => {
  const { tokens } = discovery(state, request.method)
  const { account, chainFilter } = objectParam(request.params)
  authorizedAccount(state, parseAddress(account, 'account'))
  const chainId = numberToHex(state.chainId)
  if (Array.isArray(chainFilter) && !chainFilter.includes(chainId)) return {}
  const client = createPublicClient({ transport: http(currentRpcUrl(state), { retryCount: 0 }) })
  const owner = state.account.address
  const native = {
    address: 'native',
    balance: numberToHex(await client.getBalance({ address: owner })),
    type: 'NATIVE',
    metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 0, iconUrl: '' },
  }
  const erc20 = await Promise.all(
    tokens.map(async (address) => {
      const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
        client.readContract({ address, abi: erc20Abi, functionName })
      const [balance, name, symbol, decimals] = await Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
        read('name'),
        read('symbol'),
        read('decimals'),
      ])
      return {
        address,
        balance: numberToHex(balance),
        type: 'ERC20',
        metadata: { name, symbol, decimals, price: 0, iconUrl: '' },
      }
    }),
  )
  return { [chainId]: [native, ...erc20] }
}
