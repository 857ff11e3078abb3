import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { LimitExceededError } from './errors.js'
import type { Announcement, Fanout } from './fanout.js'
import type { MessageStore, RelayMessage } from './store.js'

export type RelayLimits = {
  /** Largest `message` of a publication, in bytes. */
  maxMessageBytes: number
  /** Topics one connection may be subscribed to. */
  maxTopics: number
  /** Requests per second and connection (burst of as many). */
  messagesPerSecond: number
  /** WebSocket ping interval; a connection that missed the previous pong is dropped. */
  pingMs: number
  /** Longest time a message stays in the cache, whatever TTL its publisher asked for. */
  maxTtlSeconds: number
}

/** A client connection as the relay sees it. */
export interface Subscriber {
  /** The JWT `iss`: stable across reconnects, so nothing is echoed to its sender. */
  readonly clientId: string
  /** Topic → subscription id. */
  readonly topics: Map<string, string>
  deliver(subscriptionId: string, message: RelayMessage): void
  /** Called every ping interval; returns false when the connection is dead (then it is dropped). */
  heartbeat(): boolean
}

export type Publication = { topic: string; message: string; tag: number; ttl: number }

const PURGE_MS = 60_000

/** The relay's state shared by every connection: who listens to what, the cache, the fan-out. */
export class Relay {
  private readonly byTopic = new Map<string, Set<Subscriber>>()
  private readonly subscribers = new Set<Subscriber>()
  private readonly timers: NodeJS.Timeout[]

  constructor(
    private readonly store: MessageStore,
    private readonly fanout: Fanout,
    readonly limits: RelayLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timers = [
      setInterval(() => this.heartbeat(), limits.pingMs),
      setInterval(() => this.purge(), PURGE_MS),
    ]
    for (const timer of this.timers) timer.unref()
  }

  get connections(): number {
    return this.subscribers.size
  }

  attach(subscriber: Subscriber): void {
    this.subscribers.add(subscriber)
  }

  detach(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber)
    for (const topic of subscriber.topics.keys()) this.unindex(subscriber, topic)
    subscriber.topics.clear()
  }

  /** Stable per client and topic, so an id from before a reconnect or restart still names it. */
  subscriptionId(clientId: string, topic: string): string {
    return createHash('sha256').update(`${clientId}\n${topic}`).digest('hex')
  }

  /** Subscribes and delivers the cached messages this client has not acknowledged; returns the ids. */
  async subscribe(subscriber: Subscriber, topics: readonly string[]): Promise<string[]> {
    const fresh = [...new Set(topics)].filter((topic) => !subscriber.topics.has(topic))
    if (subscriber.topics.size + fresh.length > this.limits.maxTopics)
      throw new LimitExceededError(`Too many topics: at most ${this.limits.maxTopics} per connection`)
    for (const topic of fresh) {
      subscriber.topics.set(topic, this.subscriptionId(subscriber.clientId, topic))
      const set = this.byTopic.get(topic) ?? new Set()
      set.add(subscriber)
      this.byTopic.set(topic, set)
    }
    const ids = topics.map((topic) => subscriber.topics.get(topic) ?? '')
    for (const message of await this.store.pending(topics, subscriber.clientId, Date.now())) {
      const id = subscriber.topics.get(message.topic)
      if (id) subscriber.deliver(id, message)
    }
    return ids
  }

  unsubscribe(subscriber: Subscriber, topic: string): void {
    if (subscriber.topics.delete(topic)) this.unindex(subscriber, topic)
  }

  /** Caches the message, delivers it to this process's subscribers and announces it to the others. */
  async publish(sender: Subscriber, publication: Publication): Promise<void> {
    this.assertSize(publication.message)
    const stored = await this.store.insert(
      {
        topic: publication.topic,
        message: publication.message,
        tag: publication.tag,
        sender: sender.clientId,
        ttlSeconds: Math.min(publication.ttl, this.limits.maxTtlSeconds),
      },
      Date.now(),
    )
    this.deliverLocally(stored, sender.clientId)
    await this.fanout.announce({ id: stored.id, topic: stored.topic })
  }

  /** Throws LimitExceededError for a message over `maxMessageBytes`. */
  assertSize(message: string): void {
    const size = Buffer.byteLength(message)
    if (size > this.limits.maxMessageBytes)
      throw new LimitExceededError(`Message too large: ${size} bytes, at most ${this.limits.maxMessageBytes}`)
  }

  /** A publication of another process: read it from the cache if anyone here listens. */
  async onAnnouncement({ id, topic }: Announcement): Promise<void> {
    if (!this.byTopic.has(topic)) return
    const message = await this.store.byId(id)
    if (message) this.deliverLocally(message, message.sender)
  }

  /** Unacknowledged cached messages, handed over (and so acknowledged) without subscribing. */
  async fetch(subscriber: Subscriber, topics: readonly string[]): Promise<RelayMessage[]> {
    const messages = await this.store.pending(topics, subscriber.clientId, Date.now())
    await this.store.ack(
      messages.map((message) => message.id),
      subscriber.clientId,
    )
    return messages
  }

  ack(subscriber: Subscriber, messageId: number): Promise<void> {
    return this.store.ack([messageId], subscriber.clientId)
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer)
    await this.fanout.close()
  }

  private deliverLocally(message: RelayMessage, senderId: string): void {
    for (const subscriber of this.byTopic.get(message.topic) ?? []) {
      const id = subscriber.topics.get(message.topic)
      if (id && subscriber.clientId !== senderId) subscriber.deliver(id, message)
    }
  }

  private unindex(subscriber: Subscriber, topic: string): void {
    const set = this.byTopic.get(topic)
    set?.delete(subscriber)
    if (set?.size === 0) this.byTopic.delete(topic)
  }

  private heartbeat(): void {
    for (const subscriber of this.subscribers) if (!subscriber.heartbeat()) this.detach(subscriber)
  }

  private purge(): void {
    this.store.purgeExpired(Date.now()).catch((error: unknown) => {
      this.log.warn({ err: error }, 'relay cache purge failed')
    })
  }
}
