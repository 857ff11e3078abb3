import * as z from 'zod/mini'

/**
 * The field schemas of frame protocol v2's requests (docs/embedded-wallet.md#messages): each bounded, so a page can't
 * make the frame parse or keep more than these limits, and each one acted on by the frame.
 */

export const URL_MAX_LENGTH = 2048
/** A sign-in message (CAIP-122 / EIP-4361 text): a few hundred characters in practice; more is refused. */
export const SIWX_MESSAGE_MAX_LENGTH = 4096
/** The most theme variables one syncTheme carries (each list). */
export const THEME_VARIABLES_MAX = 64
/** The chain namespaces the embedded wallet serves (CAIP-2): EVM's, the default, and Solana's. */
export const FRAME_CHAIN_NAMESPACE = 'eip155'
export const FRAME_SOLANA_NAMESPACE = 'solana'

export const chainIdSchema = z.number().check(z.int(), z.positive())
/** A Solana network as a request names it: its CAIP-2 reference (32 base58 characters), or its whole `solana:` id. */
export const solanaChainIdSchema = z.string().check(z.regex(/^(solana:)?[1-9A-HJ-NP-Za-km-z]{32}$/))
/** A Solana address: 32 to 44 base58 characters (spec §5). */
export const solanaAddressSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
export const httpUrlSchema = z.url({ protocol: /^https?$/ }).check(z.maxLength(URL_MAX_LENGTH))
/** A CAIP-2 namespace as the host names it; the frame answers any it does not serve with an error, by name. */
export const chainNamespaceSchema = z.string().check(z.minLength(1), z.maxLength(32))
/** The text the user is asked to sign in with, shown whole in the frame's approval before anything is signed. */
export const siwxMessageSchema = z.string().check(z.minLength(1), z.maxLength(SIWX_MESSAGE_MAX_LENGTH))
/**
 * A social sign-in's completion URL as a host could pass it (the spec's `uri` / `socialUri`). Parsed so the frame can
 * refuse it by name: the completion reaches the frame from the callback page, never through the host.
 */
export const socialUriSchema = z.string().check(z.maxLength(URL_MAX_LENGTH * 2))
/**
 * A session handle: an opaque id the frame derives from its session (128 bits of a hash, 32 hex digits;
 * docs/embedded-wallet.md#session-handle), never the session's bearer token — nor shaped like a key or a token.
 */
export const sessionHandleSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/))
/** An SDK's name or version as the cloud takes it (visible ASCII, at most 64). */
export const sdkFieldSchema = z.string().check(z.regex(/^[\x21-\x7e]{1,64}$/))
export const hexSchema = (max: number) => z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(max))

/** Theme variables: a bounded record of CSS names to plain values (no nesting). */
export const themeVariablesSchema = z
  .record(z.string().check(z.maxLength(64)), z.union([z.string().check(z.maxLength(200)), z.number()]))
  .check(z.refine((variables) => Object.keys(variables).length <= THEME_VARIABLES_MAX))

/** A network named with a request: both its chain id and its RPC, or neither (the frame's current network). */
export const bothOrNeither = (fields: { chainId?: number; rpcUrl?: string }) =>
  (fields.chainId === undefined) === (fields.rpcUrl === undefined)

/** The sign-in a request with a siwxMessage adds to its reply, once the user approved it in the frame. */
export const signInReplyFields = {
  /** The sign-in text as the host sent it. */
  siwxMessage: z.optional(siwxMessageSchema),
  /** The bytes signed (the text's UTF-8, hex), as `personal_sign` signs them (EIP-191). */
  message: z.optional(hexSchema(2 + SIWX_MESSAGE_MAX_LENGTH * 8)),
  signature: z.optional(hexSchema(2 + 65 * 2)),
}
