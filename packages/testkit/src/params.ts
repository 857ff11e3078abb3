import { type Address, type Hex, hexToBigInt, isAddress, isHex } from 'viem'
import { invalidParams } from './errors'

/** The positional params of a request, at least `count` of them. */
export function positionalParams(params: unknown, count: number): unknown[] {
  if (!Array.isArray(params) || params.length < count) {
    throw invalidParams(`expected an array of at least ${count} item(s).`)
  }
  return params
}

/** The first param as an object, as in `[{ chainId }]` or `[{ eth_accounts: {} }]`. */
export function objectParam(params: unknown): Record<string, unknown> {
  const [first] = positionalParams(params, 1)
  if (typeof first !== 'object' || first === null)
    throw invalidParams('expected an object as the first param.')
  return first as Record<string, unknown>
}

export function parseHex(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !isHex(value))
    throw invalidParams(`${field} must be a 0x-prefixed hex string.`)
  return value
}

export function parseQuantity(value: unknown, field: string): bigint {
  return hexToBigInt(parseHex(value, field))
}

export function parseAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw invalidParams(`${field} must be an address.`)
  }
  return value
}

export function parseChainId(value: unknown): number {
  const chainId = Number(parseQuantity(value, 'chainId'))
  if (!Number.isSafeInteger(chainId) || chainId <= 0)
    throw invalidParams('chainId must be a positive integer.')
  return chainId
}
