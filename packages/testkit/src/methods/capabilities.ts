import { type Hex, isHex, numberToHex } from 'viem'
import { unsupportedMethod } from '../errors'
import { parseAddress, positionalParams } from '../params'
import { authorizedAccount, type WalletState } from '../state'
import type { WalletChain } from '../types'
import type { MethodHandler } from './context'
import { chainClient, isDelegated, isSmartChain, smartAccount } from './smart-account'

/**
 * EIP-5792 `wallet_getCapabilities([account, chainIds?])`, truthfully per chain: asset discovery (EIP-7811) where
 * the wallet was made with it and can read the chain; `atomic` and `paymasterService` (ERC-7677) where it has a
 * bundler — `supported` once the account is delegated, `ready` before (its first batch delegates it). A wallet with
 * neither answers 4200, as before.
 */
export const walletGetCapabilities: MethodHandler = async ({ state, request }) => {
  const chains = [...state.chains.values()]
  if (!state.assetDiscovery && !chains.some(isSmartChain)) throw unsupportedMethod(request.method)
  const [account, chainFilter] = positionalParams(request.params, 0)
  authorizedAccount(state, account === undefined ? undefined : parseAddress(account, 'account'))
  const asked = (chain: WalletChain) =>
    !Array.isArray(chainFilter) ||
    chainFilter.some((id) => typeof id === 'string' && isHex(id) && Number(id) === chain.id)
  const entries = await Promise.all(
    chains.filter((chain) => chain.rpcUrl && asked(chain)).map((chain) => capabilitiesOn(state, chain)),
  )
  return Object.fromEntries(entries.filter(([, capabilities]) => Object.keys(capabilities).length > 0))
}

async function capabilitiesOn(
  state: WalletState,
  chain: WalletChain,
): Promise<[Hex, Record<string, unknown>]> {
  const capabilities: Record<string, unknown> = {}
  if (state.assetDiscovery) capabilities.assetDiscovery = { supported: true }
  if (isSmartChain(chain)) {
    const client = chainClient(chain)
    const delegated = await isDelegated(client, await smartAccount(client, state.account))
    capabilities.atomic = { status: delegated ? 'supported' : 'ready' }
    capabilities.paymasterService = { supported: true }
  }
  return [numberToHex(chain.id), capabilities]
}
