import { type Address, type Hex, isAddressEqual, numberToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { chainWithoutRpc, providerDisconnected, unauthorized, unrecognizedChain } from './errors'
import type { EmitWalletEvent, ScriptedWalletOptions, WalletChain } from './types'

export class WalletConfigError extends Error {
  override readonly name = 'WalletConfigError'
}

/** What a real extension keeps between page loads. */
export interface WalletState {
  readonly chains: Map<number, WalletChain>
  chainId: number
  account: PrivateKeyAccount
  locked: boolean
  /** The site was granted `eth_accounts`. */
  permitted: boolean
  connected: boolean
  /** The tokens `wallet_getAssets` lists; undefined: the wallet does not discover assets. */
  assetDiscovery: { tokens: Address[] } | undefined
  /** The EIP-5792 batches sent, by id: the UserOperation each became. */
  readonly sentCalls: Map<string, SentCalls>
}

export interface SentCalls {
  chainId: number
  bundlerUrl: string
  userOperationHash: Hex
}

export function createWalletState({
  privateKey,
  chains,
  initialChainId,
  assetDiscovery,
}: ScriptedWalletOptions): WalletState {
  const [firstChain] = chains
  if (!firstChain) throw new WalletConfigError('The wallet needs at least one chain.')
  const chainId = initialChainId ?? firstChain.id
  if (!chains.some((chain) => chain.id === chainId)) {
    throw new WalletConfigError(`initialChainId ${chainId} is not one of the configured chains.`)
  }
  return {
    chains: new Map(chains.map((chain) => [chain.id, chain])),
    chainId,
    account: privateKeyToAccount(privateKey),
    locked: false,
    permitted: false,
    connected: true,
    assetDiscovery,
    sentCalls: new Map(),
  }
}

/** The accounts the site may see: none until permitted, none while locked. */
export function exposedAccounts(state: WalletState): Address[] {
  return state.permitted && !state.locked ? [state.account.address] : []
}

/** The account that may sign for the site; `address`, when the request names one, must be it. */
export function authorizedAccount(state: WalletState, address?: Address): PrivateKeyAccount {
  if (exposedAccounts(state).length === 0) throw unauthorized()
  if (address && !isAddressEqual(address, state.account.address)) {
    throw unauthorized(`The account ${address} has not been authorized by the user.`)
  }
  return state.account
}

export function currentChain(state: WalletState): WalletChain {
  return state.chains.get(state.chainId) ?? { id: state.chainId }
}

export function currentRpcUrl(state: WalletState): string {
  const { rpcUrl } = currentChain(state)
  if (!rpcUrl) throw chainWithoutRpc(state.chainId)
  return rpcUrl
}

export const hexChainId = (chainId: number): Hex => numberToHex(chainId)

async function emitIfAccountsChanged(state: WalletState, before: Address[], emit: EmitWalletEvent) {
  const after = exposedAccounts(state)
  if (after.join() !== before.join()) await emit({ name: 'accountsChanged', payload: after })
}

export async function grantAccess(state: WalletState, emit: EmitWalletEvent): Promise<void> {
  const before = exposedAccounts(state)
  state.permitted = true
  state.locked = false
  if (!state.connected) {
    state.connected = true
    await emit({ name: 'connect', payload: { chainId: hexChainId(state.chainId) } })
  }
  await emitIfAccountsChanged(state, before, emit)
}

export async function revokeAccess(state: WalletState, emit: EmitWalletEvent): Promise<void> {
  const before = exposedAccounts(state)
  state.permitted = false
  await emitIfAccountsChanged(state, before, emit)
}

/** Switch to another account (a new key) or lock the wallet (null). */
export async function changeAccount(
  state: WalletState,
  privateKey: Hex | null,
  emit: EmitWalletEvent,
): Promise<void> {
  const before = exposedAccounts(state)
  if (privateKey === null) {
    state.locked = true
  } else {
    state.account = privateKeyToAccount(privateKey)
    state.locked = false
  }
  await emitIfAccountsChanged(state, before, emit)
}

export async function changeChain(state: WalletState, chainId: number, emit: EmitWalletEvent): Promise<void> {
  if (!state.chains.has(chainId)) throw unrecognizedChain(chainId)
  if (state.chainId === chainId) return
  state.chainId = chainId
  await emit({ name: 'chainChanged', payload: hexChainId(chainId) })
}

export async function disconnect(state: WalletState, emit: EmitWalletEvent): Promise<void> {
  state.permitted = false
  state.connected = false
  await emit({ name: 'disconnect', payload: providerDisconnected().toShape() })
}
