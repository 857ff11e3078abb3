import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { OTP_LENGTH } from '@allaccess/protocol'
import type { Address, Hex } from 'viem'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { SiwxChains } from '../siwx/index.js'
import { ChannelStore } from './channels.js'
import { FarcasterError } from './errors.js'
import { BAD_APPROVALS_PER_CHANNEL, BAD_APPROVALS_WINDOW_MS } from './limits.js'
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

/**
 * Who signed in: the fid, its custody address and username (both read on the ID registry; `!<fid>` for an fid the
 * registry names no username for) and the display name and picture the Farcaster app gave (the approver's own words).
 */
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
  /**
   * `verifying` while one approval is being checked: a second one meanwhile is refused like after it. A refused
   * approval leaves the channel pending (whoever has the link may send one: it must not end the sign-in).
   */
  progress:
    | { state: 'pending' | 'verifying' }
    | { state: 'completed'; approval: Approval; verified: VerifiedApproval }
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
  /** Refused approvals per channel token: past the bound, approvals wait (429) without being checked. */
  private readonly badApprovals = new SlidingWindowLimit(
    () => BAD_APPROVALS_PER_CHANNEL,
    BAD_APPROVALS_WINDOW_MS,
    () => this.now(),
  )
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

  /** The channel's status (`username`: the registry's, never the approval's claim); an unknown channel 401. */
  status(token: string | undefined): ChannelStatus {
    const channel = this.live(token)
    const { progress } = channel
    const base = { nonce: channel.request.nonce, url: channel.url, signatureParams: channel.request }
    if (progress.state !== 'completed') return { state: 'pending', ...base }
    return {
      state: 'completed',
      ...base,
      ...progress.approval,
      username: progress.verified.identity.username,
      authMethod: 'custody',
      custody: progress.verified.identity.custody,
    }
  }

  /**
   * The Farcaster app's approval: checked before the channel completes. A refused one (message, time or signature)
   * is answered to its sender and leaves the channel pending for the right one: the link is in a QR code, and a
   * stranger's bad approval must not end someone else's sign-in. Refused ones are counted per channel: past
   * BAD_APPROVALS_PER_CHANNEL in BAD_APPROVALS_WINDOW_MS, approvals get 429 unchecked until the window frees. The
   * node being down (503) leaves it pending and counts for nothing.
   * A channel opened with `completion` answers the approver's completion code here, and only here (the status,
   * which whoever has the link can read, never carries it).
   */
  async authenticate(
    token: string | undefined,
    relayKey: string | undefined,
    approval: Approval,
  ): Promise<ChannelStatus & { completion?: string }> {
    if (relayKey === undefined || !timingSafeEqual(digest(relayKey), this.relayKey))
      throw new FarcasterError('relayKey')
    const channel = this.live(token)
    if (channel.progress.state !== 'pending') throw new FarcasterError('completed')
    const forgive = this.badApprovals.take(channel.token)
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
      forgive()
    } catch (error) {
      channel.progress = { state: 'pending' }
      if (!(error instanceof FarcasterError)) forgive()
      throw error
    }
    return { ...this.status(channel.token), ...(completion === undefined ? {} : { completion }) }
  }

  /**
   * Who signed in on the channel (and the completion code's hash), once: the channel ends with this answer, so a
   * replayed token finds nothing. FarcasterError: unknown (or expired, or used), or pending.
   */
  verifiedApproval(token: string | undefined): VerifiedApproval {
    const channel = this.live(token)
    const { progress } = channel
    if (progress.state !== 'completed') throw new FarcasterError('pending')
    this.channels.delete(channel.token)
    return progress.verified
  }

  /** `verifiedApproval`'s identity, for the relay's own clients (a site collecting its sign-in). */
  verifiedIdentity(token: string | undefined): FarcasterIdentity {
    return this.verifiedApproval(token).identity
  }

  private live(token: string | undefined): Channel {
    const channel = token === undefined ? undefined : this.channels.get(token)
    if (!channel) throw new FarcasterError('channelUnknown')
    return channel
  }

  private async verify(request: ChannelRequest, approval: Approval): Promise<FarcasterIdentity> {
    const { address, fid } = readSignInMessage(approval.message, request, new Date(this.now()))
    if (fid !== approval.fid) throw new FarcasterError('messageMismatch')
    const { registry, chains } = this.options
    // The signature on the registry's chain (EOA, ERC-1271 or ERC-6492 custody), then the registry's custody of the fid.
    const signed = await chains.verify(
      registry.location.chainId,
      address,
      approval.message,
      approval.signature,
    )
    if (!signed) throw new FarcasterError('invalidSignature')
    const [custody, username] = await Promise.all([registry.custodyOf(fid), registry.usernameOf(fid)])
    if (custody !== address) throw new FarcasterError('invalidSignature')
    return {
      fid,
      // The registry's username, never the approval's: the approver could claim anyone's (`vitalik.eth`).
      username: username ?? `!${fid}`,
      ...(approval.displayName ? { displayName: approval.displayName } : {}),
      ...(approval.pfpUrl ? { pfpUrl: approval.pfpUrl } : {}),
      custody: address,
    }
  }
}
