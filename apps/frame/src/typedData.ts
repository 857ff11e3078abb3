import * as z from 'zod/mini'
import { address, invalidParams } from './rpc'

/** EIP-712's domain as the screen names it; a chain id as a number, a decimal or a 0x quantity. */
const domainSchema = z.object({
  name: z.optional(z.string().check(z.maxLength(256))),
  version: z.optional(z.string().check(z.maxLength(64))),
  chainId: z.optional(
    z.union([
      z.number().check(z.int(), z.gte(0)),
      z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, 'must be a chain id')),
    ]),
  ),
  verifyingContract: z.optional(address),
  salt: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes'))),
})
const typedDataSchema = z.object({
  domain: z._default(domainSchema, {}),
  types: z.record(z.string(), z.unknown()),
  primaryType: z.string().check(z.minLength(1), z.maxLength(256)),
  message: z.record(z.string(), z.unknown()),
})
export type TypedData = z.infer<typeof typedDataSchema>

/**
 * Below this, a domain's `salt` reads as a chain id (some contracts bind their signatures to a chain that way, with
 * no `chainId`); a random 32-byte salt is above it but for odds of 2^-192.
 */
const SALT_CHAIN_ID_LIMIT = 2n ** 64n

/** The chain a domain without `chainId` names in its `salt`, if the salt is one; undefined otherwise. */
export function saltChainOf(domain: TypedData['domain']): bigint | undefined {
  if (domain.chainId !== undefined || domain.salt === undefined) return undefined
  const salt = BigInt(domain.salt)
  return salt > 0n && salt < SALT_CHAIN_ID_LIMIT ? salt : undefined
}

/**
 * ERC-4337's EntryPoints (v0.6, v0.7, v0.8, v0.9), lower case. From v0.8 an operation's hash is an EIP-712 digest
 * under the EntryPoint's domain ('ERC4337'), and the smart account takes the key's plain signature of it: typed data
 * for one of them is an operation, signed, that anyone could then send.
 */
const ENTRY_POINTS: ReadonlySet<string> = new Set([
  '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789',
  '0x0000000071727de22e5e9d8baf0edac6f37da032',
  '0x4337084d9e255ff0702461cf8895ce9e3b5ff108',
  '0x433709009b8330fda32311df1c2afa402ed8d009',
])
export const USER_OPERATION_TYPED_DATA_TEXT =
  'typed data for an EntryPoint is a UserOperation: the wallet makes operations only from calls it shows (wallet_sendCalls, eth_sendUserOperation)'

/**
 * `eth_signTypedData_v4`'s data, parsed before the user sees it: a domain bound to another chain, by its `chainId`
 * or by a chain id in its `salt`, is refused (a signature the user makes on this network must not be valid on
 * another, such as a mainnet token's Permit); so is a UserOperation's (its calls would be signed unread).
 */
export function readTypedData(raw: string | Record<string, unknown>, chainId: number): TypedData {
  let data: unknown = raw
  if (typeof raw === 'string')
    try {
      data = JSON.parse(raw)
    } catch {
      throw invalidParams('typed data is not JSON')
    }
  const parsed = typedDataSchema.safeParse(data)
  if (!parsed.success) throw invalidParams(`typed data: ${parsed.error.issues[0]?.message ?? 'malformed'}`)
  const { verifyingContract, name } = parsed.data.domain
  if (
    (verifyingContract !== undefined && ENTRY_POINTS.has(verifyingContract.toLowerCase())) ||
    name === 'ERC4337' ||
    /UserOperation/i.test(parsed.data.primaryType)
  )
    throw invalidParams(USER_OPERATION_TYPED_DATA_TEXT)
  const { chainId: given } = parsed.data.domain
  const named = given === undefined ? saltChainOf(parsed.data.domain) : BigInt(given)
  if (named !== undefined && named !== BigInt(chainId))
    throw invalidParams(`typed data is for chain ${named}, not this network (${chainId})`)
  return parsed.data
}
