import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import type { Address } from 'viem'

/**
 * The networks where the e-mail wallet's address can be a smart account (docs/embedded-wallet.md#account-type):
 * those whose cloud runs an ERC-4337 bundler and our paymaster — the local devnet (the cloud's default
 * `BUNDLER_UPSTREAM_31337`, docs/paymaster.md). On them the default account type is smartAccount (spec §9).
 */
export const SMART_ACCOUNT_NETWORKS: readonly number[] = [31337]

export const isSmartAccountNetwork = (chainId: number) => SMART_ACCOUNT_NETWORKS.includes(chainId)

/** The account implementation the address is delegated to (EIP-7702): the canonical v0.8 Simple7702Account. */
export const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** How a 7702-delegated address's code reads: the 0xef0100 designator, then the implementation. */
export const delegationCode = (implementation: Address) => `0xef0100${implementation.slice(2)}`.toLowerCase()

/** The cloud's bundler and paymaster routes of a chain for this project (docs/paymaster.md). */
export const smartAccountRoutes = (cloudUrl: string, projectId: string, chainId: number) => {
  const query = `?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`
  return { bundlerUrl: `${cloudUrl}/v1/bundler${query}`, paymasterUrl: `${cloudUrl}/v1/paymaster${query}` }
}
export type SmartAccountRoutes = ReturnType<typeof smartAccountRoutes>

/** What the approval screen and the errors of the smart account say (each named once; pinned in texts.test.ts). */
export const SMART_ACCOUNT_TEXTS = {
  unavailable: FRAME_ERROR_TEXTS.smartAccountUnavailable,
  /** The fee line of an operation the project's paymaster pays. */
  sponsoredFee: (fee: string, site: string) => `${fee}, paid by ${site}`,
  /** A batch sent as the smart account: atomic. */
  atomic: 'Sent together as one operation of your smart account: all of these calls happen, or none.',
  /** The first operation also delegates the address (EIP-7702). */
  delegation: (implementation: Address) =>
    `This also makes your address a smart account: it delegates it (EIP-7702) to Simple7702Account at ${implementation}. Your address and your key stay the same.`,
  /** initSmartAccount's approval: the operation only delegates. */
  initTitle: 'Make your address a smart account',
  /** initSmartAccount's operation was included but reverted, or never included in time. */
  delegationFailed: 'The delegation to the smart account did not go on chain: your account stays as it was',
  /** The bundler answered a receipt that is malformed or of another operation. */
  badReceipt: "The bundler's receipt of the operation is not one: its status is not known",
  /** The key sent a transaction between the approval and the send: the approved delegation's nonce is spent. */
  staleDelegation: 'Your account sent a transaction while you decided: approve its delegation again',
  /** eth_sendUserOperation answered with the hash of another operation than the one sent. */
  otherHash: 'The bundler answered with the hash of another operation: this one is not followed',
  /** A site named a paymaster this wallet does not use. */
  otherPaymaster: "The wallet pays no gas through another paymaster than its project's own",
  /** The site asked for atomic calls from an account that can't send them so. */
  notAtomic: 'This account sends calls one by one: switch it to a smart account to send them together',
  /** eth_sendUserOperation from an account acting as its key on this network. */
  notSmartAccount:
    'This account is not a smart account on this network: switch it to a smart account to send operations',
} as const

/** A network as the frame holds it (rpcHandler's Network): its chain id and the cloud gateway's RPC. */
export type ChainNetwork = { chainId: number; rpcUrl: string }
