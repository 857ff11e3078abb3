import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { OTP_LENGTH } from '@allaccess/protocol'
import type { Address, Hex } from 'viem'
import type { SiwxChains } from '../siwx/index.js'
import { ChannelStore } from './channels.js'
import { FarcasterError } from './errors.js'
import { readSignInMessage, type SignInRequest } from './message.js'
import type { IdRegistry } from './registry.js'

/** `POST /v1/channel`: what the app asks the Farcaster app to sign (@farcaster/auth-client's CreateChannelRequest). */
export type ChannelRequest = SignInRequest & {
  notBefore?: string | undefined
  expirationTime?: string | undefined
  redirectUrl?: string | undefined
}

/** `POST /v1/channel/authenticate`: the Farcaster app's signed message and the user's profile. */
export type Approval = {
  message: string
  signature: Hex
  fid: number
  username?: string | undefined
  bio?: string | undefined
  displayName?: string | undefined
  pfpUrl?: string | undefined
  verifications?: string[] | undefined
}

/** Who signed in: the fid, its custody address (read on the ID registry) and the profile the Farcaster app gave. */
export type FarcasterIdentity = {
  fid: number
  username: string
  displayName?: string
  pfpUrl?: string
  custody: Address
}

export type ChannelCreated = { channelToken: string; url: string; connectUri: string; nonce: string }

/** A verified approval: who signed in, and the hash of the completion code its approver was shown (if any). */
export type VerifiedApproval = { identity: FarcasterIdentity; completionHash: string | null }

/** A channel's status as the relay answers it (@farcaster/auth-client's StatusAPIResponse). */
export type ChannelStatus = {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  signatureParams: ChannelRequest
} & Partial<Approval & { authMethod: 'custody'; custody: Address }>

type Channel = {
  token: string
  client: string
  expiresAt: number
  request: ChannelRequest
  url: string
  /** The approval's answer carries a completion code for the approver to type where the link was shown. */
  completion: boolean
  /** `verifying` while one approval is being checked: a second one meanwhile is refused like after it. */
  progress:
    | { state: 'pending' | 'verifying' }
    | { state: 'completed'; approval: Approval; verified: VerifiedApproval }
    | { state: 'refused'; error: FarcasterError }
}

export type FarcasterOptions = {
  /** The Farcaster app's shared key for `POST /v1/channel/authenticate` (FARCASTER_RELAY_KEY). */
  relayKey: string
  /** The link the QR code shows, opened by the Farcaster app; the channel's parameters go in its query. */
  connectUrl: string
  registry: IdRegistry
  chains: SiwxChains
}

const digest = (value: string) => createHash('sha256').update(value).digest()
/** The completion code's hash as the sign-in compares it. */
export const completionHashOf = (code: string) => digest(code).toString('hex')

/**
 * Sign In With Farcaster (apps/cloud/README.md#sign-in-with-farcaster): the relay between an app and the
 * Farcaster app — channel, status, authenticate — and the server-side verification of every approval: the
 * message is the channel's, in time, signed by the custody address that Farcaster's ID registry holds for its fid.
 */
export class FarcasterService {
  /** The clock of the channels and the messages' times; tests may replace it. */
  now: () => number = Date.now
  private readonly channels = new ChannelStore<Channel>(() => this.now())
  private readonly relayKey: Buffer

  constructor(private readonly options: FarcasterOptions) {
    this.relayKey = digest(options.relayKey)
  }

  /**
   * A new channel for `request`, opened by `client` (its address: the per-client bound). With `completion`, the
   * approval's answer gives the Farcaster app a one-time code to show its approver (the embedded wallet's sign-in).
   */
  createChannel(
    request: Omit<ChannelRequest, 'nonce'> & { nonce?: string | undefined },
    client: string,
    { completion = false }: { completion?: boolean } = {},
  ): ChannelCreated {
    const full: ChannelRequest = { ...request, nonce: request.nonce ?? randomBytes(12).toString('hex') }
    const token = randomBytes(32).toString('base64url')
    const url = new URL(this.options.connectUrl)
    for (const [key, value] of Object.entries({ channelToken: token, ...full }))
      if (value !== undefined) url.searchParams.set(key, value)
    this.channels.add((expiresAt) => ({
      token,
      client,
      expiresAt,
      request: full,
      url: url.toString(),
      completion,
      progress: { state: 'pending' },
    }))
    return { channelToken: token, url: url.toString(), connectUri: url.toString(), nonce: full.nonce }
  }

  /** The channel's status; a refused approval answers its refusal, an unknown channel 401. */
  status(token: string | undefined): ChannelStatus {
    const channel = this.live(token)
    const { progress } = channel
    if (progress.state === 'refused') throw progress.error
    const base = { nonce: channel.request.nonce, url: channel.url, signatureParams: channel.request }
    if (progress.state !== 'completed') return { state: 'pending', ...base }
    return {
      state: 'completed',
      ...base,
      ...progress.approval,
      authMethod: 'custody',
      custody: progress.verified.identity.custody,
    }
  }

  /**
   * The Farcaster app's approval: checked before the channel completes. A refused one (message, time or signature)
   * ends the channel's chances: it answers that refusal from then on. The node being down (503) leaves it pending.
   * A channel opened with `completion` answers the approver's completion code here, and only here (the status,
   * which whoever has the link can read, never carries it).
   */
  async authenticate(
    token: string | undefined,
    relayKey: string | undefined,
    approval: Approval,
  ): Promise<ChannelStatus & { completion?: string }> {
    if (relayKey === undefined || !timingSafeEqual(digest(relayKey), this.relayKey))
      throw FarcasterError.relayKey()
    const channel = this.live(token)
    if (channel.progress.state !== 'pending') throw FarcasterError.completed()
    channel.progress = { state: 'verifying' }
    const completion = channel.completion
      ? randomInt(10 ** OTP_LENGTH)
          .toString()
          .padStart(OTP_LENGTH, '0')
      : undefined
    try {
      const identity = await this.verify(channel.request, approval)
      const completionHash = completion === undefined ? null : completionHashOf(completion)
      channel.progress = { state: 'completed', approval, verified: { identity, completionHash } }
    } catch (error) {
      channel.progress = error instanceof FarcasterError ? { state: 'refused', error } : { state: 'pending' }
      throw error
    }
    return { ...this.status(channel.token), ...(completion === undefined ? {} : { completion }) }
  }

  /**
   * Who signed in on the channel (and the completion code's hash), once: the channel ends with this answer, so a
   * replayed token finds nothing. FarcasterError: unknown (or expired, or used), pending, or the refusal of its
   * approval.
   */
  verifiedApproval(token: string | undefined): VerifiedApproval {
    const channel = this.live(token)
    const { progress } = channel
    if (progress.state === 'refused') throw progress.error
    if (progress.state !== 'completed') throw FarcasterError.pending()
    this.channels.delete(channel.token)
    return progress.verified
  }

  /** `verifiedApproval`'s identity, for the relay's own clients (a site collecting its sign-in). */
  verifiedIdentity(token: string | undefined): FarcasterIdentity {
    return this.verifiedApproval(token).identity
  }

  private live(token: string | undefined): Channel {
    const channel = token === undefined ? undefined : this.channels.get(token)
    if (!channel) throw FarcasterError.channelUnknown()
    return channel
  }

  private async verify(request: ChannelRequest, approval: Approval): Promise<FarcasterIdentity> {
    const { address, fid } = readSignInMessage(approval.message, request, new Date(this.now()))
    if (fid !== approval.fid) throw FarcasterError.messageMismatch()
    const { registry, chains } = this.options
    // The signature on the registry's chain (EOA, ERC-1271 or ERC-6492 custody), then the registry's custody of the fid.
    const signed = await chains.verify(
      registry.location.chainId,
      address,
      approval.message,
      approval.signature,
    )
    if (!signed || (await registry.custodyOf(fid)) !== address) throw FarcasterError.invalidSignature()
    return {
      fid,
      username: approval.username ?? `!${fid}`,
      ...(approval.displayName ? { displayName: approval.displayName } : {}),
      ...(approval.pfpUrl ? { pfpUrl: approval.pfpUrl } : {}),
      custody: address,
    }
  }
}
