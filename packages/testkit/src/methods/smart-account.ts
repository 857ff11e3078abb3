import { devnetUserOperationFees } from '@allaccess/chain/devnet'
import { type Address, type Chain, createPublicClient, defineChain, http, type PublicClient } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { WalletChain } from '../types'

/** How a 7702-delegated account's code reads: the 0xef0100 designator, then the implementation's address. */
const DELEGATION_PREFIX = '0xef0100'

/** A chain on which the wallet sends atomic batches: it can read it and has a bundler for it. */
export type SmartChain = WalletChain & { rpcUrl: string; bundlerUrl: string }

export const isSmartChain = (chain: WalletChain): chain is SmartChain =>
  chain.rpcUrl !== undefined && chain.bundlerUrl !== undefined

function viemChain({ id, name = `Chain ${id}`, rpcUrl }: SmartChain): Chain {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

export const chainClient = (chain: SmartChain): PublicClient =>
  createPublicClient({ chain: viemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) })

/** The account as an ERC-4337 v0.8 account at its own address: the EOA delegated to Simple7702Account. */
export function smartAccount(client: PublicClient, owner: PrivateKeyAccount): Promise<SmartAccount> {
  return toSimple7702SmartAccount({ client, owner })
}

/** Whether the account's code is already the delegation to the implementation the wallet uses. */
export async function isDelegated(client: PublicClient, account: SmartAccount): Promise<boolean> {
  const implementation = account.authorization?.address
  if (!implementation) return false
  const code = await client.getCode({ address: account.address })
  return code?.toLowerCase() === `${DELEGATION_PREFIX}${implementation.slice(2)}`.toLowerCase()
}

/** The EIP-7702 authorization the first batch carries: the account's own key delegating it to the implementation. */
export async function signDelegation(client: PublicClient, account: SmartAccount, owner: PrivateKeyAccount) {
  const contractAddress = account.authorization?.address as Address
  const nonce = await client.getTransactionCount({ address: owner.address, blockTag: 'pending' })
  return owner.signAuthorization({ chainId: client.chain?.id as number, nonce, contractAddress })
}

/**
 * The chain's bundler for the account; with an ERC-7677 paymaster service (`paymasterService.url`) the operation's
 * gas is asked of it, else the account pays it from its balance.
 */
export function bundlerFor(
  chain: SmartChain,
  client: PublicClient,
  account: SmartAccount,
  paymaster?: { url: string; context?: unknown },
): BundlerClient {
  return createBundlerClient({
    account,
    client,
    transport: http(chain.bundlerUrl, { retryCount: 0 }),
    ...(paymaster
      ? {
          paymaster: createPaymasterClient({ transport: http(paymaster.url, { retryCount: 0 }) }),
          paymasterContext: paymaster.context,
        }
      : {}),
    // The devnet's fee: viem's default doubles anvil's tip with every bundle (docs/paymaster.md).
    userOperation: { estimateFeesPerGas: () => devnetUserOperationFees(client) },
  })
}
