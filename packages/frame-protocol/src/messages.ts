// Over 350 lines on purpose: the whole host↔frame message table of protocol v2 in one place, each message's
// payload and reply beside each other, so a reader (and the docs) see the protocol at once.
import {
  EMAIL_CONNECT_ACTIONS,
  emailSchema,
  evmAddressSchema,
  IDENTITY_PROVIDERS,
  OTP_ACTIONS,
  otpSchema,
  socialProviderSchema,
  UPDATE_EMAIL_ACTIONS,
} from '@allaccess/protocol'
import * as z from 'zod/mini'
import {
  bothOrNeither,
  chainIdSchema,
  chainNamespaceSchema,
  httpUrlSchema,
  sdkFieldSchema,
  sessionHandleSchema,
  signInReplyFields,
  siwxMessageSchema,
  socialUriSchema,
  solanaAddressSchema,
  solanaChainIdSchema,
  themeVariablesSchema,
  URL_MAX_LENGTH,
} from './fields'

/**
 * The messages between a host page (the modal) and the embedded-wallet frame, sent with `postMessage` and parsed with
 * these schemas on both sides: whatever does not parse, or comes from another origin than the one each side expects,
 * is dropped (docs/embedded-wallet.md).
 */

/** Marks our messages among everything else a window receives. */
export const FRAME_CHANNEL = 'allaccess:embedded-wallet'
/** Bumped on any change a frame and host of different builds could not both understand. */
export const FRAME_PROTOCOL_VERSION = 2

/** The longest request id; ids are the host's own (`crypto.randomUUID()`). */
const ID_MAX_LENGTH = 64
/** An RPC method name (e.g. `eth_signTypedData_v4`) is short. */
const METHOD_MAX_LENGTH = 64

const idSchema = z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH))
const empty = z.strictObject({})

/**
 * Account type (docs/embedded-wallet.md#account-type): the wallet's key itself (externally owned), or a smart account
 * where the network has one.
 */
const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
const accountTypeSchema = z.enum(ACCOUNT_TYPES)
const networkCheck = z.refine<{ chainId?: number; rpcUrl?: string }>(bothOrNeither, {
  message: 'chainId and rpcUrl go together',
})

/** Each request the host may send: its payload and the payload of its success reply. */
export const frameRequests = {
  /** The wallet's network: the frame reads and sends through `rpcUrl` from then on. */
  switchNetwork: {
    payload: z.strictObject({ chainId: chainIdSchema, rpcUrl: httpUrlSchema }),
    reply: z.object({ chainId: chainIdSchema }),
  },
  connectEmail: {
    payload: z.strictObject({ email: emailSchema }),
    reply: z.object({ action: z.enum(EMAIL_CONNECT_ACTIONS) }),
  },
  /** After VERIFY_DEVICE: resolves once the e-mailed link approved this device, which is then signed in. */
  connectDevice: { payload: empty, reply: empty },
  /** The code: CONNECT (signed in), or VERIFY_DEVICE (a known user's new device: an approval link was e-mailed). */
  connectOtp: {
    payload: z.strictObject({ otp: otpSchema }),
    reply: z.object({ action: z.enum(OTP_ACTIONS) }),
  },
  /**
   * docs/embedded-wallet.md#social-login: where the host's popup goes (the provider's sign-in). The frame keeps the
   * attempt's secret: the result comes back to the frame, never through the host.
   */
  getSocialRedirectUri: {
    payload: z.strictObject({ provider: socialProviderSchema }),
    // The host puts it in a window of its own origin: an http(s) page only, never a `javascript:` URL.
    reply: z.object({ uri: z.url({ protocol: /^https?$/ }).check(z.maxLength(URL_MAX_LENGTH * 2)) }),
  },
  /**
   * docs/embedded-wallet.md#social-login: resolves once the provider sent the user back and the frame holds a
   * session.
   */
  connectSocial: {
    payload: z
      .strictObject({
        /** Refused by name: the completion reaches the frame from the callback page, never via the host. */
        uri: z.optional(socialUriSchema),
        preferredAccountType: z.optional(accountTypeSchema),
        /** The network the sign-in (siwxMessage) is made on; with rpcUrl, checked as switchNetwork's. */
        chainId: z.optional(chainIdSchema),
        rpcUrl: z.optional(httpUrlSchema),
        /** Put to the user in the frame's approval once signed in; the reply then carries the signature. */
        siwxMessage: z.optional(siwxMessageSchema),
      })
      .check(networkCheck),
    reply: z.object({
      provider: z.enum(IDENTITY_PROVIDERS),
      username: z.string(),
      /** When asked for: the account type applied (after its fallback), the sign-in's signer. */
      preferredAccountType: z.optional(accountTypeSchema),
      ...signInReplyFields,
    }),
  },
  /** The host saw the popup closed: a waiting connectSocial (or export re-authentication) stops, and fails unless its code came. */
  socialPopupClosed: { payload: empty, reply: empty },
  /**
   * Before a social user's key export: where the host's popup goes to sign in again with the session's provider
   * (its callback page posts the completion code to the frame, as for a sign-in). The export screen then waits for it.
   */
  getSocialReauthUri: {
    payload: empty,
    reply: z.object({ uri: z.url({ protocol: /^https?$/ }).check(z.maxLength(URL_MAX_LENGTH * 2)) }),
  },
  /**
   * docs/embedded-wallet.md#farcaster: the Sign In With Farcaster link for the QR code (a web link or the Farcaster
   * app's `farcaster:` scheme; the host shows it and opens it on a phone). The frame keeps the sign-in's secret.
   */
  getFarcasterUri: {
    payload: empty,
    reply: z.object({
      url: z.url({ protocol: /^(https?|farcaster)$/ }).check(z.maxLength(URL_MAX_LENGTH * 2)),
    }),
  },
  /**
   * docs/embedded-wallet.md#farcaster: resolves once the Farcaster app's approval is verified; the session then
   * waits for the approver's completion code (completeFarcaster).
   */
  connectFarcaster: { payload: empty, reply: empty },
  /**
   * docs/embedded-wallet.md#farcaster: the code the Farcaster app showed its approver, typed into the host's view
   * that showed the link; the frame takes the session with it (once).
   */
  completeFarcaster: {
    payload: z.strictObject({ completion: otpSchema }),
    reply: z.object({ username: z.string() }),
  },
  /**
   * The signed-in user's wallet: the frame creates it on the first call after a new user's sign-in. An e-mail
   * user has `email`; a social user has `provider` and `username`. `accounts` are the user's accounts, at most
   * one of each type.
   */
  getUser: {
    payload: z.strictObject({
      /** The network of the reply (and of its sign-in): the frame's current one, or with rpcUrl another. */
      chainId: chainIdSchema,
      rpcUrl: z.optional(httpUrlSchema),
      preferredAccountType: z.optional(accountTypeSchema),
      /** Refused by name, as connectSocial's uri. */
      socialUri: z.optional(socialUriSchema),
      siwxMessage: z.optional(siwxMessageSchema),
    }),
    reply: z.object({
      ...signInReplyFields,
      email: z.nullable(z.string()),
      provider: z.nullable(z.enum(IDENTITY_PROVIDERS)),
      username: z.nullable(z.string()),
      address: evmAddressSchema,
      /** The same wallet's Solana account (docs/embedded-wallet.md#solana): its key is derived from the wallet's. */
      solanaAddress: z.optional(solanaAddressSchema),
      chainId: chainIdSchema,
      accounts: z
        .array(z.object({ address: evmAddressSchema, type: accountTypeSchema }))
        .check(z.maxLength(ACCOUNT_TYPES.length)),
      preferredAccountType: accountTypeSchema,
      smartAccountDeployed: z.boolean(),
    }),
  },
  signOut: { payload: empty, reply: empty },
  /** Sign out everywhere: every session of the user ends in the cloud, on every device, then this one. */
  signOutEverywhere: { payload: empty, reply: empty },
  /**
   * With `token`, the session handle a sessionUpdate gave: connected only while the frame's session is that one
   * (docs/embedded-wallet.md#session-handle). The host never holds the session's bearer token.
   */
  isConnected: {
    payload: z.strictObject({ token: z.optional(sessionHandleSchema) }),
    reply: z.object({ isConnected: z.boolean() }),
  },
  getChainId: { payload: empty, reply: z.object({ chainId: chainIdSchema }) },
  /** The chain ids where the wallet can have a smart account (docs/embedded-wallet.md#account-type). */
  getSmartAccountEnabledNetworks: {
    payload: empty,
    reply: z.object({ smartAccountEnabledNetworks: z.array(chainIdSchema) }),
  },
  /** Sets up the user's smart account on the current network (docs/embedded-wallet.md#account-type). */
  initSmartAccount: { payload: empty, reply: empty },
  /**
   * docs/embedded-wallet.md#account-type: the account the wallet acts with. When it fails, the host falls back to the
   * externally-owned one.
   */
  setPreferredAccount: {
    payload: z.strictObject({ type: accountTypeSchema }),
    reply: z.object({ type: accountTypeSchema, address: evmAddressSchema }),
  },
  /** The frame answers, then loads itself again (docs/embedded-wallet.md#account-type). */
  reload: { payload: empty, reply: empty },
  /** An EIP-1193 request; not-safe methods wait for the user's approval in the frame. */
  rpcRequest: {
    payload: z.strictObject({
      method: z.string().check(z.minLength(1), z.maxLength(METHOD_MAX_LENGTH)),
      params: z.optional(z.unknown()),
      /** An EVM chain id; with chainNamespace solana, a Solana network's reference. */
      chainId: z.union([chainIdSchema, solanaChainIdSchema]),
      /** eip155 (the default) and solana are served; any other is answered FRAME_ERROR_TEXTS.unsupportedNamespace. */
      chainNamespace: z.optional(chainNamespaceSchema),
      /** The request's own network, checked as switchNetwork's (the frame's current network without it). */
      rpcUrl: z.optional(httpUrlSchema),
    }),
    reply: z.object({ result: z.unknown() }),
  },
  /** Rejects the open RPC requests waiting for approval. */
  rpcAbort: { payload: empty, reply: empty },
  updateEmail: {
    payload: z.strictObject({ email: emailSchema }),
    reply: z.object({ action: z.enum(UPDATE_EMAIL_ACTIONS) }),
  },
  updateEmailPrimaryOtp: {
    payload: z.strictObject({ otp: otpSchema }),
    reply: z.object({ action: z.enum(UPDATE_EMAIL_ACTIONS) }),
  },
  updateEmailSecondaryOtp: {
    payload: z.strictObject({ otp: otpSchema }),
    reply: z.object({ newEmail: z.string() }),
  },
  /** The frame's own UI (approvals, key export) follows the modal's theme. */
  syncTheme: {
    payload: z.strictObject({
      themeMode: z.enum(['light', 'dark']),
      themeVariables: themeVariablesSchema,
      /** AppKit's names (`--w3m-accent`, …): the frame maps those it knows onto its own, and drops the rest. */
      w3mThemeVariables: z.optional(themeVariablesSchema),
    }),
    reply: empty,
  },
  /** Who asks: the approval screens name the site. */
  syncDappData: {
    payload: z.strictObject({
      projectId: z.string().check(z.maxLength(200)),
      sdkVersion: z.string().check(z.maxLength(64)),
      /** Which SDK embeds the frame (e.g. `aap`): with sdkVersion, sent on the frame's cloud calls. */
      sdkType: z.optional(sdkFieldSchema),
      metadata: z.object({
        name: z.string().check(z.maxLength(200)),
        description: z.optional(z.string().check(z.maxLength(1000))),
        url: z.string().check(z.maxLength(URL_MAX_LENGTH)),
        icons: z.optional(z.array(z.string().check(z.maxLength(URL_MAX_LENGTH))).check(z.maxLength(8))),
      }),
    }),
    reply: empty,
  },
  /**
   * Opens the frame's key export: the user proves themselves again (a fresh e-mailed code, or a new sign-in with
   * their social provider in the popup getSocialReauthUri named), then the key, shown only inside the frame.
   */
  exportKey: { payload: empty, reply: empty },
} as const

export type FrameRequestType = keyof typeof frameRequests
export type FramePayload<T extends FrameRequestType> = z.infer<(typeof frameRequests)[T]['payload']>
export type FrameReply<T extends FrameRequestType> = z.infer<(typeof frameRequests)[T]['reply']>

const requestTypes = Object.keys(frameRequests) as [FrameRequestType, ...FrameRequestType[]]

/** The envelope of a host → frame request; the payload is parsed by its type with `frameRequests`. */
export const hostMessageSchema = z.object({
  channel: z.literal(FRAME_CHANNEL),
  version: z.literal(FRAME_PROTOCOL_VERSION),
  id: idSchema,
  type: z.enum(requestTypes),
  payload: z.unknown(),
})
export type HostMessage = {
  [T in FrameRequestType]: {
    channel: typeof FRAME_CHANNEL
    version: typeof FRAME_PROTOCOL_VERSION
    id: string
    type: T
    payload: FramePayload<T>
  }
}[FrameRequestType]

/** A request the frame accepted: envelope and payload both valid. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  const envelope = hostMessageSchema.safeParse(data)
  if (!envelope.success) return undefined
  const payload = frameRequests[envelope.data.type].payload.safeParse(envelope.data.payload ?? {})
  if (!payload.success) return undefined
  return { ...envelope.data, payload: payload.data } as HostMessage
}

/** An error reply's body: a text for people and, for RPC, an EIP-1193 code. */
export const frameErrorSchema = z.object({
  message: z.string().check(z.maxLength(1000)),
  code: z.optional(z.number().check(z.int())),
})
export type FrameError = z.infer<typeof frameErrorSchema>

const frameEnvelope = { channel: z.literal(FRAME_CHANNEL), version: z.literal(FRAME_PROTOCOL_VERSION) }

/** Every message the frame sends to its host. */
export const frameMessageSchema = z.discriminatedUnion('type', [
  /** The frame is listening (spec: ready gives version: the envelope's). */
  z.object({ ...frameEnvelope, type: z.literal('ready') }),
  z.object({ ...frameEnvelope, type: z.literal('success'), id: idSchema, payload: z.unknown() }),
  z.object({ ...frameEnvelope, type: z.literal('error'), id: idSchema, error: frameErrorSchema }),
  /**
   * The frame needs the user (an approval, the key export): the host shows it, or hides it again. The host never
   * learns what the user does there, only the request's reply.
   */
  z.object({ ...frameEnvelope, type: z.literal('visibility'), visible: z.boolean() }),
  /**
   * A social user's export screen: the user pressed Try again after the provider's sign-in failed. Only the host
   * page can open the provider's popup (the callback page posts to the host), so the frame asks it to, inside the
   * user's click.
   */
  z.object({ ...frameEnvelope, type: z.literal('socialReauthAgain') }),
  /**
   * The spec's "session update gives token": the frame's session changed (a sign-in, a sign-out). `token` is the new
   * session's handle (null: none), never its bearer token (docs/embedded-wallet.md#session-handle).
   */
  z.object({ ...frameEnvelope, type: z.literal('sessionUpdate'), token: z.nullable(sessionHandleSchema) }),
])
export type FrameMessage = z.infer<typeof frameMessageSchema>

export const parseFrameMessage = (data: unknown): FrameMessage | undefined => {
  const parsed = frameMessageSchema.safeParse(data)
  return parsed.success ? parsed.data : undefined
}

/** A success reply's payload, parsed for the request it answers. */
export function parseReply<T extends FrameRequestType>(type: T, payload: unknown): FrameReply<T> | undefined {
  const parsed = frameRequests[type].reply.safeParse(payload ?? {})
  return parsed.success ? (parsed.data as FrameReply<T>) : undefined
}

type Envelope = { channel: typeof FRAME_CHANNEL; version: typeof FRAME_PROTOCOL_VERSION }
const envelope: Envelope = { channel: FRAME_CHANNEL, version: FRAME_PROTOCOL_VERSION }

/** Builders, so neither side writes an envelope by hand. */
export const frameMessages = {
  request: <T extends FrameRequestType>(id: string, type: T, payload: FramePayload<T>) =>
    ({ ...envelope, id, type, payload }) as HostMessage,
  ready: (): FrameMessage => ({ ...envelope, type: 'ready' }),
  success: (id: string, payload: unknown): FrameMessage => ({ ...envelope, type: 'success', id, payload }),
  error: (id: string, error: FrameError): FrameMessage => ({ ...envelope, type: 'error', id, error }),
  visibility: (visible: boolean): FrameMessage => ({ ...envelope, type: 'visibility', visible }),
  socialReauthAgain: (): FrameMessage => ({ ...envelope, type: 'socialReauthAgain' }),
  sessionUpdate: (token: string | null): FrameMessage => ({ ...envelope, type: 'sessionUpdate', token }),
}
