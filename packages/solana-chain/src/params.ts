// Reading JSON-RPC params the way Solana's server does, with its texts for what it refuses.
import { type Address, isAddress, isSignature } from '@solana/kit'
import type { AccountEncoding, DataSlice } from './accounts'
import { invalidParams } from './rpc-errors'

const typeName = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'sequence'
      : typeof value === 'object'
        ? 'map'
        : typeof value

/** The positional params, at least `min` and at most `max` of them. */
export function positional(params: unknown, min: number, max: number): unknown[] {
  if (params === undefined || params === null) {
    if (min > 0) throw invalidParams(`\`params\` should have at least ${min} argument(s)`)
    return []
  }
  if (!Array.isArray(params))
    throw invalidParams(`Invalid params: invalid type: ${typeName(params)}, expected a sequence.`)
  if (params.length < min) throw invalidParams(`\`params\` should have at least ${min} argument(s)`)
  if (params.length > max)
    throw invalidParams(`Invalid params: invalid length ${params.length}, expected at most ${max}.`)
  return params
}

export function text(value: unknown, what = 'a string'): string {
  if (typeof value !== 'string')
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected ${what}.`)
  return value
}

export function pubkey(value: unknown): Address {
  const address = text(value)
  if (!isAddress(address)) throw invalidParams('Invalid param: Invalid')
  return address
}

export function signature(value: unknown): string {
  const signature = text(value)
  if (!isSignature(signature)) throw invalidParams('Invalid param: Invalid')
  return signature
}

/** A whole number in [min, max]. */
export function integer(value: unknown, min: number, max: number, what = 'u64'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw invalidParams(
      `Invalid params: invalid value: ${JSON.stringify(value)?.slice(0, 40)}, expected ${what}.`,
    )
  return value
}

/** A config object (or nothing); its fields are read by the caller. */
export function config(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected struct config.`)
  return value as Record<string, unknown>
}

export function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'boolean')
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a boolean.`)
  return value
}

export function oneOf<T extends string>(value: unknown, choices: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string' || !choices.includes(value as T))
    throw invalidParams(
      `Invalid params: unknown variant \`${String(value).slice(0, 40)}\`, expected one of ${choices.map((c) => `\`${c}\``).join(', ')}.`,
    )
  return value as T
}

const ACCOUNT_ENCODINGS = ['base64', 'base58', 'jsonParsed'] as const
export const accountEncoding = (options: Record<string, unknown>): AccountEncoding =>
  oneOf(options.encoding, ACCOUNT_ENCODINGS, 'base64')

export function dataSlice(options: Record<string, unknown>): DataSlice | undefined {
  if (options.dataSlice === undefined || options.dataSlice === null) return undefined
  const slice = config(options.dataSlice)
  return {
    offset: integer(slice.offset, 0, 10 * 1024 * 1024, 'usize'),
    length: integer(slice.length, 0, 10 * 1024 * 1024, 'usize'),
  }
}

/** Solana's commitments; every block here is final at once, so each reads the same state. */
export const COMMITMENTS = ['processed', 'confirmed', 'finalized'] as const
export const checkCommitment = (options: Record<string, unknown>) =>
  oneOf(options.commitment, COMMITMENTS, 'finalized')
