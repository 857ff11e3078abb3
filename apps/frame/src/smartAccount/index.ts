import type { PrivateKeyAccount } from 'viem/accounts'
import type { Vault } from '../vault'
import { createAccountTypeHandlers, createAccountTypes } from './accountType'
import type { SmartApproval } from './approval'
import type { ChainNetwork as Network } from './config'
import { smartAccountRoutes } from './config'
import { createSmartCalls } from './smartCalls'
import { createUserOperations } from './userOperations'

export { SmartAccountUnavailableError } from './accountType'

/**
 * The e-mail wallet's smart account (docs/embedded-wallet.md#account-type): the account types kept per address,
 * the batches the RPC handler sends as operations, and the host's account-type requests.
 */
export function createSmartAccount({
  cloudUrl,
  projectId,
  vault,
  account,
  network,
  approve,
  fetch,
}: {
  cloudUrl: string
  projectId: string
  vault: Vault
  account(): Promise<PrivateKeyAccount>
  network(): Network
  approve(request: SmartApproval): Promise<boolean>
  fetch?: typeof globalThis.fetch
}) {
  const routes = (chainId: number) => smartAccountRoutes(cloudUrl, projectId, chainId)
  const operations = createUserOperations({ routes, ...(fetch ? { fetch } : {}) })
  const types = createAccountTypes({ vault, operations })
  return {
    types,
    smartCalls: createSmartCalls({ types, operations, routes }),
    handlers: createAccountTypeHandlers({ account, network, types, operations, approve }),
  }
}
