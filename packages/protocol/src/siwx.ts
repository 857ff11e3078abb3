import * as z from 'zod/mini'
import { caip2ChainIdSchema } from './wallets'

/**
 * Sign in with the wallet (SIWX: EIP-4361 messages, CAIP-122 chains) between the cloud (`/auth/v1/siwx/…`,
 * `/holders/v1/area`) and the modal (apps/cloud/README.md#sign-in-with-the-wallet, docs/behaviour.md#sign-in).
 * Times travel as ISO-8601 strings.
 */

/** The EIP-4361 version every message carries. */
export const SIWX_VERSION = '1'
/** The longest EIP-4361 text the cloud reads, in characters (ours are about 400). */
export const SIWX_MESSAGE_MAX_LENGTH = 4096
/** The longest signature, in characters: ERC-6492 wraps a smart account's factory call around its signature. */
export const SIWX_SIGNATURE_MAX_LENGTH = 16_384
/** The longest CACAO (as JSON) a session keeps. */
export const SIWX_CACAO_MAX_LENGTH = 8192

/** The statement of every message the cloud issues (EIP-4361: one line of ASCII), what the wallet shows. */
export const SIWX_STATEMENT = 'Sign in with your wallet. Signing is free and sends no transaction.'

/** The `message` of the sign-in refusals (each with its code in ERROR_CODES). */
export const SIWX_TEXTS = {
  invalidMessage: 'This is not a sign-in message (EIP-4361) the cloud can read.',
  invalidNonce: 'This sign-in request is unknown or was already used. Start the sign-in again.',
  expired: 'This sign-in request has expired or is not valid yet. Start the sign-in again.',
  domainMismatch: 'This sign-in message was made for another site.',
  messageMismatch: 'This sign-in message is not the one the cloud issued.',
  invalidSignature: 'The signature does not match the sign-in message and account.',
  chainNotServed: 'The cloud does not serve this chain for sign-in.',
  sessionNotLive: 'Your sign-in session has ended. Sign in again.',
  sessionNotFound: 'No live sign-in session of this account has this id.',
} as const

/** An account that signs in: an EVM address with its 0x, or a Solana address (32 to 44 base58 characters). */
const addressSchema = z
  .string()
  .check(
    z.regex(
      /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
      'must be 0x and 40 hex characters, or 32 to 44 base58 characters',
    ),
  )

/** `POST /auth/v1/siwx/message`: the chain to sign in on, and the account when it is known ('' otherwise). */
export const siwxMessageRequestSchema = z.object({
  chainId: caip2ChainIdSchema,
  accountAddress: z.union([z.literal(''), addressSchema]),
})
export type SiwxMessageRequest = z.infer<typeof siwxMessageRequestSchema>

/** Sign-in, step 1: the fields of the message to sign, without the account. */
export const siwxMessageSchema = z.object({
  chainId: caip2ChainIdSchema,
  domain: z.string(),
  uri: z.string(),
  version: z.literal(SIWX_VERSION),
  nonce: z.string(),
  statement: z.string(),
  resources: z.array(z.string()),
  requestId: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
  notBefore: z.string(),
})
export type SiwxMessage = z.infer<typeof siwxMessageSchema>

/** The sign-in message: the issued fields with the account that signed. */
export const siwxMessageDataSchema = z.extend(siwxMessageSchema, { accountAddress: addressSchema })
export type SiwxMessageData = z.infer<typeof siwxMessageDataSchema>

/** A CAIP-74 CACAO as the wallet gave it: any JSON object up to SIWX_CACAO_MAX_LENGTH. */
export const siwxCacaoSchema = z
  .record(z.string(), z.unknown())
  .check(
    z.refine(
      (cacao) => JSON.stringify(cacao).length <= SIWX_CACAO_MAX_LENGTH,
      `must be at most ${SIWX_CACAO_MAX_LENGTH} characters of JSON`,
    ),
  )

/** `POST /auth/v1/siwx/sessions`: the EIP-4361 text of the issued fields with the account, and its signature. */
export const siwxSessionRequestSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(SIWX_MESSAGE_MAX_LENGTH)),
  signature: z.string().check(
    // EVM: 0x and hex; Solana: an ed25519 signature in base58 (64 bytes: 86 to 88 characters).
    z.regex(
      new RegExp(`^(0x[0-9a-fA-F]{2,${SIWX_SIGNATURE_MAX_LENGTH - 2}}|[1-9A-HJ-NP-Za-km-z]{64,88})$`),
      `must be 0x and hex (at most ${SIWX_SIGNATURE_MAX_LENGTH} characters), or a base58 ed25519 signature`,
    ),
  ),
  cacao: z.optional(siwxCacaoSchema),
})
export type SiwxSessionRequest = z.infer<typeof siwxSessionRequestSchema>

/** A sign-in session. */
export const siwxSessionSchema = z.object({
  data: siwxMessageDataSchema,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(siwxCacaoSchema),
})
export type SiwxSession = z.infer<typeof siwxSessionSchema>

/** 201 of `POST /auth/v1/siwx/sessions`: the bearer token of the new session (shown once) and its end. */
export const siwxSessionCreatedSchema = z.object({
  id: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  session: siwxSessionSchema,
})
export type SiwxSessionCreated = z.infer<typeof siwxSessionCreatedSchema>

/** One live session of the token's account; `current` marks the token's own. */
export const siwxSessionEntrySchema = z.extend(siwxSessionSchema, {
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
})
export type SiwxSessionEntry = z.infer<typeof siwxSessionEntrySchema>

/** `GET /auth/v1/siwx/sessions`, newest first. */
export const siwxSessionListSchema = z.object({ sessions: z.array(siwxSessionEntrySchema) })

/**
 * `GET /holders/v1/area`: the members-only content for an account holding at least one pass; `content: null` (and
 * `passes: 0`) for one that holds none — an expected answer, not a refusal, so a visit logs no failure.
 */
export const holdersAreaSchema = z.object({
  address: addressSchema,
  passes: z.number(),
  content: z.nullable(z.object({ title: z.string(), body: z.string() })),
})
export type HoldersArea = z.infer<typeof holdersAreaSchema>
