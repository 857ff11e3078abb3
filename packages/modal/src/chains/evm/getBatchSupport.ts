import type { BatchSupport, Network } from '../types'
import { hexChainId, readCapabilities } from './assetDiscovery'
import type { WalletRequest } from './walletRequest'

/** EIP-5792's `atomic.status` values of a wallet that sends a batch atomically (`ready`: once it upgrades the account). */
const ATOMIC_STATUSES: readonly unknown[] = ['supported', 'ready']

const field = (capabilities: unknown, name: string): Record<string, unknown> | undefined => {
  const value =
    typeof capabilities === 'object' && capabilities
      ? (capabilities as Record<string, unknown>)[name]
      : undefined
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
}

/**
 * What the wallet does with a batch on `network`, from its EIP-5792 `wallet_getCapabilities` (keyed by hex chain
 * id; `0x0` for every chain): `atomic` (EIP-5792 2.0's `atomic.status`, or 1.0's `atomicBatch.supported`) and
 * `paymasterService` (ERC-7677). A wallet that has no such method, or refuses it, supports neither.
 */
export async function getBatchSupport(
  request: WalletRequest,
  address: string,
  network: Network,
): Promise<BatchSupport> {
  const chain = hexChainId(network)
  let answer: unknown
  try {
    answer = await request('wallet_getCapabilities', [address, [chain]])
  } catch {
    return { atomic: false, paymaster: false }
  }
  const all = readCapabilities(answer)
  const has = (name: string) => field(all[chain], name) ?? field(all['0x0'], name)
  return {
    atomic: ATOMIC_STATUSES.includes(has('atomic')?.status) || has('atomicBatch')?.supported === true,
    paymaster: has('paymasterService')?.supported === true,
  }
}
