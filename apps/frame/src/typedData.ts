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
 * `eth_signTypedData_v4`'s data, parsed before the user sees it: a domain bound to another chain, by its `chainId`
 * or by a chain id in its `salt`, is refused (a signature the user makes on this network must not be valid on
 * another, such as a mainnet token's Permit).
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
  const { chainId: given } = parsed.data.domain
  const named = given === undefined ? saltChainOf(parsed.data.domain) : BigInt(given)
  if (named !== undefined && named !== BigInt(chainId))
    throw invalidParams(`typed data is for chain ${named}, not this network (${chainId})`)
  return parsed.data
}
