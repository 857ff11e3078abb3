import { FARCASTER_CHANNEL_TTL_MS } from '@allaccess/protocol'
import { TooManyRequestsError } from '../http/errors.js'
import { CHANNELS_PER_CLIENT, MAX_CHANNELS } from './limits.js'

/** What every channel has: its token, who opened it, and when it ends. */
export type StoredChannel = { token: string; client: string; expiresAt: number }

/**
 * Live channels in memory, bounded per client (a new one past CHANNELS_PER_CLIENT ends that client's oldest) and in
 * all (past MAX_CHANNELS new ones wait, 429). Every channel lives FARCASTER_CHANNEL_TTL_MS from its creation, so
 * insertion order is expiry order and the expired ones are always at the front.
 */
export class ChannelStore<C extends StoredChannel> {
  private readonly channels = new Map<string, C>()
  private readonly byClient = new Map<string, string[]>()

  constructor(private readonly now: () => number) {}

  get size(): number {
    this.purge()
    return this.channels.size
  }

  /** Keeps `make(expiresAt)`; throws TooManyRequestsError when the store is full. */
  add(make: (expiresAt: number) => C): C {
    this.purge()
    const first = this.channels.values().next()
    if (this.channels.size >= MAX_CHANNELS && !first.done)
      throw new TooManyRequestsError(Math.max(1, Math.ceil((first.value.expiresAt - this.now()) / 1000)))
    const channel = make(this.now() + FARCASTER_CHANNEL_TTL_MS)
    const mine = this.byClient.get(channel.client) ?? []
    for (const token of mine.slice(0, Math.max(0, mine.length - CHANNELS_PER_CLIENT + 1))) this.delete(token)
    this.channels.set(channel.token, channel)
    this.byClient.set(channel.client, [...(this.byClient.get(channel.client) ?? []), channel.token])
    return channel
  }

  /** The live channel of `token`, if any. */
  get(token: string): C | undefined {
    this.purge()
    return this.channels.get(token)
  }

  delete(token: string): void {
    const channel = this.channels.get(token)
    if (!channel) return
    this.channels.delete(token)
    const rest = (this.byClient.get(channel.client) ?? []).filter((t) => t !== token)
    if (rest.length > 0) this.byClient.set(channel.client, rest)
    else this.byClient.delete(channel.client)
  }

  private purge(): void {
    const now = this.now()
    for (const channel of this.channels.values()) {
      if (channel.expiresAt > now) break
      this.delete(channel.token)
    }
  }
}
