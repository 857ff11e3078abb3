import type { Address, Hex } from 'viem'
import type { BundlerOperations } from './bundlerOperations'
import type { ChainNetwork as Network, SmartAccountRoutes } from './config'
import { chainClient, delegated } from './operation'

export type { OperationCall, OperationReceipt, PreparedOperation } from './operation'

/**
 * The wallet's own address as an ERC-4337 v0.8 account (EIP-7702, delegated to Simple7702Account) through the
 * cloud's bundler and, where the project's policy covers the calls, its paymaster (docs/embedded-wallet.md#account-type).
 * Whether it is delegated is read with the frame's own viem; what builds, signs and sends operations
 * (bundlerOperations.ts, with viem's account-abstraction module) is loaded on the first operation.
 */
export function createUserOperations(options: {
  routes(chainId: number): SmartAccountRoutes
  fetch?: typeof globalThis.fetch
}) {
  const fetch = options.fetch ?? globalThis.fetch
  let loaded: Promise<BundlerOperations> | undefined
  const bundler = () =>
    (loaded ??= import('./bundlerOperations').then(({ createBundlerOperations }) =>
      createBundlerOperations({ ...options, fetch }),
    ))
  return {
    /** Whether the address is delegated to Simple7702Account on chain (smartAccountDeployed). */
    deployed: (address: Address, on: Network) => delegated(chainClient(on, fetch), address),
    prepare: async (...args: Parameters<BundlerOperations['prepare']>) => (await bundler()).prepare(...args),
    send: async (...args: Parameters<BundlerOperations['send']>) => (await bundler()).send(...args),
    receipt: async (hash: Hex, on: Network) => (await bundler()).receipt(hash, on),
  }
}

export type UserOperations = ReturnType<typeof createUserOperations>
