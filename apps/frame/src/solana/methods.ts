import { getBase58Encoder } from '@solana/kit'
import * as z from 'zod/mini'

/**
 * The frame's Solana methods (spec §5: a message plus pubkey, a transaction string, or a list of transactions) and
 * their parameters' shapes, as AppKit's frame names them. Each waits for the user's approval in the frame.
 */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const
export type SolanaMethod = (typeof SOLANA_METHODS)[number]
export const isSolanaMethod = (method: string): method is SolanaMethod =>
  (SOLANA_METHODS as readonly string[]).includes(method)

/** What a request with another shape is told, after 'Invalid parameters: ' (docs/embedded-wallet.md#solana). */
export const SOLANA_PARAM_TEXTS = {
  solana_signMessage: 'solana_signMessage needs a message (base58) and the pubkey that signs it',
  solana_signTransaction: 'solana_signTransaction needs a transaction string (base64)',
  solana_signAllTransactions: 'solana_signAllTransactions needs a list of transactions (base64 strings)',
  solana_signAndSendTransaction: 'solana_signAndSendTransaction needs a transaction string (base64)',
  notATransaction: 'the transaction is not a Solana transaction (base64 wire format)',
  messageIsTransaction: 'the message is a Solana transaction: ask for solana_signTransaction instead',
  notThisSigner: 'the transaction does not ask this wallet to sign it',
} as const

/** Solana's largest transaction (1232 bytes) in base64; a message to sign is kept to a page of text. */
const TRANSACTION_MAX_LENGTH = 1644
const MESSAGE_MAX_BYTES = 4096
/** The most transactions one signAllTransactions asks for at once. */
export const TRANSACTIONS_MAX = 16

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const base58Bytes = (value: string) => {
  try {
    return getBase58Encoder().encode(value).length
  } catch {
    return -1
  }
}
/** A public key: 32 to 44 base58 characters (spec §5) that spell 32 bytes. */
const pubkey = z.string().check(
  z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  z.refine((value) => base58Bytes(value) === 32),
)
const message = z.string().check(
  z.minLength(1),
  z.regex(BASE58),
  z.refine((value) => base58Bytes(value) > 0 && base58Bytes(value) <= MESSAGE_MAX_BYTES),
)
const transaction = z
  .string()
  .check(z.minLength(1), z.maxLength(TRANSACTION_MAX_LENGTH), z.regex(/^[A-Za-z0-9+/]+={0,2}$/))
/** Sending options a site may pass: only those the gateway's sendTransaction takes as they are. */
const sendOptions = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
  maxRetries: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(10))),
  minContextSlot: z.optional(z.number().check(z.int(), z.minimum(0))),
})

const schemas = {
  solana_signMessage: z.object({ message, pubkey }),
  solana_signTransaction: z.object({ transaction }),
  solana_signAllTransactions: z.object({
    transactions: z.array(transaction).check(z.minLength(1), z.maxLength(TRANSACTIONS_MAX)),
  }),
  solana_signAndSendTransaction: z.object({ transaction, options: z.optional(sendOptions) }),
} satisfies Record<SolanaMethod, z.ZodMiniType>

export type SolanaParams<M extends SolanaMethod> = z.infer<(typeof schemas)[M]>

/** The request's parameters in their shape, or the method's text (the caller makes it an invalid-params error). */
export function readSolanaParams<M extends SolanaMethod>(
  method: M,
  params: unknown,
): { params: SolanaParams<M> } | { problem: string } {
  const parsed = schemas[method].safeParse(params)
  return parsed.success ? { params: parsed.data as SolanaParams<M> } : { problem: SOLANA_PARAM_TEXTS[method] }
}
