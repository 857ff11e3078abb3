import * as z from 'zod/mini'
import { evmAddressSchema } from './account'
import { INVALID_CHAIN_ID } from './coinTypes'
import { ERROR_CODES, type ErrorCode } from './errors'

export { chainIdOfCoinType, coinTypeOfChainId, ETH_COIN_TYPE, EVM_COIN_TYPE_FLAG } from './coinTypes'

/**
 * The name service's contract (apps/cloud/README.md#names, docs/names.md): profile entries, suggestions,
 * registration and the CCIP-Read gateway. The rules the modal
 * shows: docs/behaviour.md#names.
 */

/** The shortest name label (docs/behaviour.md#names). */
export const NAME_MIN_LENGTH = 4
/** A DNS label's limit, so every name stays resolvable through ENS (DNS-encoded names). */
export const NAME_MAX_LENGTH = 63
/** Attributes (ENS text records) one name may carry, and their sizes. */
export const NAME_ATTRIBUTES_MAX = 16
export const NAME_ATTRIBUTE_KEY_MAX_LENGTH = 64
export const NAME_ATTRIBUTE_VALUE_MAX_LENGTH = 2048
/** Labels this short (the shortest allowed) are reserved: the public registration refuses them. */
export const NAME_RESERVED_MAX_LENGTH = 4
/** How long a registration holds (one year); the owner's re-registration renews it, an expired name is free again. */
export const NAME_TTL_SECONDS = 365 * 86_400
/** New names one client address may register a day, and all clients together (squatting: a signature is free). */
export const NAME_REGISTRATIONS_PER_CLIENT_PER_DAY = 10
export const NAME_REGISTRATIONS_PER_DAY = 1000
/** A signed registration message older than this is refused (replays of a leaked message die with it). */
export const NAME_MESSAGE_MAX_AGE_SECONDS = 600
/** A message dated this far ahead of the cloud's clock is still accepted (the signer's clock may run fast). */
export const NAME_MESSAGE_MAX_SKEW_SECONDS = 60
/** Free alternatives a suggestions answer lists after the name asked for. */
export const NAME_SUGGESTIONS_COUNT = 4

/** The gateway's paths as a CCIP-Read URL template (ERC-3668): GET with `{sender}` and `{data}`, or POST. */
export const NAMES_CCIP_GET_PATH = '/v1/profile/ccip/{sender}/{data}.json'
export const NAMES_CCIP_POST_PATH = '/v1/profile/ccip'

/** The coin-type error, and the texts of every refusal (each the `description` of the first reason). */
export const NAME_TEXTS = {
  invalidChainId: INVALID_CHAIN_ID,
  tooShort: `A name needs at least ${NAME_MIN_LENGTH} characters`,
  tooLong: `A name has at most ${NAME_MAX_LENGTH} characters`,
  characters: 'A name may only contain letters, digits and hyphens',
  /** ENSIP-15: "--" as the 3rd and 4th characters marks a label extension (xn--…), which ENS apps refuse. */
  labelExtension: 'A name may not have hyphens as its 3rd and 4th characters',
  reserved: `Names of ${NAME_RESERVED_MAX_LENGTH} characters are reserved`,
  clientLimit: `At most ${NAME_REGISTRATIONS_PER_CLIENT_PER_DAY} new names a day from one address: try again tomorrow`,
  dailyLimit: 'The name service registers no more names today: try again tomorrow',
  message: 'The signed message must be JSON with a name, attributes and a unix timestamp in seconds',
  messageStale: 'The signed message is too old: sign a new one',
  messageFuture: "The signed message is dated in the future: check your device's clock",
  signature: 'The signature does not match the address',
  attributes: `At most ${NAME_ATTRIBUTES_MAX} attributes, keys of 1 to ${NAME_ATTRIBUTE_KEY_MAX_LENGTH} characters and values of at most ${NAME_ATTRIBUTE_VALUE_MAX_LENGTH}`,
  ccipRequest: 'Unsupported CCIP-Read request: addr, text and name lookups of a DNS-encoded name only',
} as const

/** Refusals that name the name, zone, address or chain concerned. */
export const nameTexts = {
  notFound: (name: string) => `The name ${name} is not registered`,
  taken: (name: string) => `The name ${name} is already taken`,
  zone: (zone: string) => `Names end in .${zone}`,
  addressHasName: (name: string) => `This address already has the name ${name}`,
  chain: (coinType: number) => `Coin type ${coinType} is not a chain this service serves`,
}

const LABEL = /^[a-z0-9-]+$/

/**
 * The label's first broken rule (docs/behaviour.md#names: at least 4 characters, letters, digits and hyphens, no
 * "--" as the 3rd and 4th), or undefined.
 */
export function labelProblem(label: string): string | undefined {
  if (!LABEL.test(label)) return NAME_TEXTS.characters
  if (label.length < NAME_MIN_LENGTH) return NAME_TEXTS.tooShort
  if (label.length > NAME_MAX_LENGTH) return NAME_TEXTS.tooLong
  if (label.slice(2, 4) === '--') return NAME_TEXTS.labelExtension
  return undefined
}

/** Names are case-insensitive: stored, compared and signed over in lower case. */
export const normaliseName = (name: string) => name.trim().toLowerCase()

/**
 * The label of `name` in `zone` ("alice" of "alice.allaccess.eth", or a bare "alice"), lower-cased; the refusal's
 * text when the name is in another zone or breaks the rule.
 */
export function labelInZone(name: string, zone: string): { label: string } | { problem: string } {
  const full = normaliseName(name)
  const suffix = `.${zone}`
  const label = full.endsWith(suffix) ? full.slice(0, -suffix.length) : full
  if (label.includes('.')) return { problem: nameTexts.zone(zone) }
  const problem = labelProblem(label)
  return problem ? { problem } : { label }
}

const unixSeconds = z.number().check(z.int(), z.nonnegative())

/** One address of a name, under its coin type. */
export const nameAddressSchema = z.object({ address: evmAddressSchema, created: unixSeconds })

/** A name's entry: `GET /v1/profile/account/{name}`, each item of the reverse lookup, the registration's answer. */
export const nameEntrySchema = z.object({
  name: z.string(),
  registered: unixSeconds,
  updated: unixSeconds,
  /** By coin type as a decimal string (ENSIP-9/11). */
  addresses: z.record(z.string(), nameAddressSchema),
  /** Text records: avatar, description, url… */
  attributes: z.record(z.string(), z.string()),
})
export type NameEntry = z.infer<typeof nameEntrySchema>

export const reverseAnswerSchema = z.array(nameEntrySchema)

/** docs/behaviour.md#names: the name asked for first (taken or not), then free alternatives. */
export const nameSuggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
export type NameSuggestions = z.infer<typeof nameSuggestionsSchema>

const ATTRIBUTE_KEY = /^[\x21-\x7e]+$/

export const nameAttributesSchema = z
  .record(
    z.string().check(z.regex(ATTRIBUTE_KEY), z.maxLength(NAME_ATTRIBUTE_KEY_MAX_LENGTH)),
    z.string().check(z.maxLength(NAME_ATTRIBUTE_VALUE_MAX_LENGTH)),
  )
  .check(z.refine((attributes) => Object.keys(attributes).length <= NAME_ATTRIBUTES_MAX))

/** The registration message the wallet signs, as JSON (docs/behaviour.md#names). */
export const nameMessageSchema = z.object({
  name: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  timestamp: unixSeconds,
})
export type NameMessage = z.infer<typeof nameMessageSchema>

/** The registration message to sign: `JSON.stringify` of name, attributes and the time in unix seconds. */
export function nameMessage(name: string, attributes: Record<string, string>, timestamp: number): string {
  return JSON.stringify({ name, attributes, timestamp } satisfies NameMessage)
}

export const hexSchema = z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be 0x and hex bytes'))

/** `POST /v1/profile/account` (apps/cloud/README.md#names). */
export const nameRegistrationSchema = z.object({
  coin_type: z.number().check(z.int(), z.nonnegative()),
  address: evmAddressSchema,
  message: z.string().check(z.maxLength(64 * 1024)),
  signature: hexSchema.check(z.maxLength(64 * 1024)),
})
export type NameRegistration = z.infer<typeof nameRegistrationSchema>

/** ERC-3668: the gateway's POST body and every answer. */
export const ccipRequestSchema = z.object({ sender: evmAddressSchema, data: hexSchema })
export const ccipAnswerSchema = z.object({ data: hexSchema })

/**
 * The name service's refusals: `{ code, message }` plus the reasons the modal shows (the first one's text,
 * docs/behaviour.md#names).
 */
export const nameErrorBodySchema = z.object({
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  reasons: z.array(z.object({ description: z.string() })),
})
export type NameErrorBody = z.infer<typeof nameErrorBodySchema>
