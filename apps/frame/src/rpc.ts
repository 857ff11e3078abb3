import { FRAME_ERROR_TEXTS, PROVIDER_ERROR_CODES } from '@allaccess/frame-protocol'
import { GATEWAY_METHODS } from '@allaccess/protocol'
import * as z from 'zod/mini'

/**
 * The frame's RPC allowlist (docs/embedded-wallet.md#rpc): what it answers itself, what it
 * passes to the chain's RPC as it is, and what needs the user's approval in the frame. Everything else is refused.
 */

/**
 * Passed to the network's RPC unchanged: the gateway's own allowlist (reads, and broadcasting a transaction already
 * signed by whoever holds its key), since the frame's reads go through the gateway.
 */
export const SAFE_METHODS: ReadonlySet<string> = GATEWAY_METHODS

/** Answered by the frame itself: the account, the network and what the wallet can do. */
export const LOCAL_METHODS: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
])

/**
 * Not safe (docs/embedded-wallet.md#rpc): each waits for the user's approval in the frame's own UI. So do
 * `wallet_grantPermissions` and `wallet_revokePermissions`, read in `permissions.ts`.
 */
export const APPROVAL_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
] as const
export type ApprovalMethod = (typeof APPROVAL_METHODS)[number]
export const isApprovalMethod = (method: string): method is ApprovalMethod =>
  (APPROVAL_METHODS as readonly string[]).includes(method)

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex'))
export const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'))
export const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x quantity'))
/** A permission grant's id (ERC-7715 `permissionsContext`): 32 random bytes, as the frame answered it. */
export const permissionsContext = z
  .string()
  .check(z.regex(/^0x[0-9a-f]{64}$/, 'must be a permissions context'))
/** The longest data a request may carry to be signed (a contract deployment is ~24 KiB of code, twice in hex). */
const DATA_MAX_LENGTH = 2 * 128 * 1024

const transactionSchema = z.object({
  from: z.optional(address),
  to: z.optional(z.nullable(address)),
  value: z.optional(quantity),
  data: z.optional(hex.check(z.maxLength(DATA_MAX_LENGTH))),
  gas: z.optional(quantity),
})
/** docs/embedded-wallet.md#rpc: each call's `to` starts with 0x; `data`, if given, too. */
const callSchema = z.object({
  to: z.string().check(z.startsWith('0x'), z.regex(/^0x[0-9a-fA-F]{40}$/)),
  data: z.optional(hex.check(z.maxLength(DATA_MAX_LENGTH))),
  value: z.optional(quantity),
})

/** Each approval method's parameters, parsed before the user is asked anything. */
export const approvalParams = {
  personal_sign: z.tuple([hex.check(z.maxLength(DATA_MAX_LENGTH)), address]),
  eth_signTypedData_v4: z.tuple([
    address,
    z.union([z.string().check(z.maxLength(DATA_MAX_LENGTH)), z.record(z.string(), z.unknown())]),
  ]),
  eth_sendTransaction: z.tuple([transactionSchema]),
  wallet_sendCalls: z.tuple([
    z.object({
      version: z.optional(z.string()),
      chainId: z.optional(quantity),
      from: z.optional(address),
      atomicRequired: z.optional(z.boolean()),
      calls: z.array(callSchema).check(z.minLength(1), z.maxLength(16)),
      capabilities: z.optional(
        z.object({
          /** ERC-7715: the grant that pays for this batch (docs/embedded-wallet.md#permissions). */
          permissions: z.optional(z.object({ context: permissionsContext })),
          /** ERC-7677: the paymaster to pay the gas (the smart account's, docs/embedded-wallet.md#account-type). */
          paymasterService: z.optional(z.object({ url: z.string().check(z.maxLength(2048)) })),
        }),
      ),
    }),
  ]),
} satisfies Record<ApprovalMethod, z.ZodMiniType>

export type ApprovalParams<M extends ApprovalMethod> = z.infer<(typeof approvalParams)[M]>

/** An EIP-1193 error: a text and its code, as the frame sends it in an error reply. */
export class ProviderError extends Error {
  override name = 'ProviderError'
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

export const notAllowed = () =>
  new ProviderError(FRAME_ERROR_TEXTS.notAllowed, PROVIDER_ERROR_CODES.unsupportedMethod)
/** A request that names another `from` or sender than the signed-in wallet: it signs for no one else. */
export const otherAccount = () =>
  new ProviderError('The request names another account than this wallet', PROVIDER_ERROR_CODES.unauthorized)
export const rejected = () => new ProviderError(FRAME_ERROR_TEXTS.rejected, PROVIDER_ERROR_CODES.userRejected)
/** -32602: invalid params (JSON-RPC). */
export const invalidParams = (detail: string) => new ProviderError(`Invalid parameters: ${detail}`, -32602)
