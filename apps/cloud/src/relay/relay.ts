import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { LimitExceededError } from './errors.js'
import type { Announcement, Fanout } from './fanout.js'
import { PAGE_BYTES_FACTOR, PAGE_MAX_MESSAGES, PURGE_MS } from './limits.js'
import type { MessageStore, Page, PageBounds, RelayMessage, Usage } from './store.js'

type Quota = { messages: number; bytes: number }

export type RelayLimits = {
  /** Largest `message` of a publication, in bytes. */
  maxMessageBytes: number
  /** Topics one connection may be subscribed to. */
  maxTopics: number
  /** Subscriptions of all connections of this process together: what bounds its memory for them. */
  maxSubscriptions: number
  /** Requests per second and connection (burst of as many). */
  messagesPerSecond: number
  /** WebSocket ping interval; a connection that missed the previous pong is dropped. */
  pingMs: number
  /** Longest time a message stays in the cache, whatever TTL its publisher asked for. */
  maxTtlSeconds: number
  /** Unexpired messages stored per topic. */
  topicQuota: Quota
  /** Unexpired messages stored per publishing client. */
  clientQuota: Quota
}

/** A client connection as the relay sees it. */
export interface Subscriber {
  /** The JWT `iss`: stable across reconnects, so nothing is echoed to its sender. */
  readonly clientId: string
  /** Topic → subscription id. */
  readonly topics: Map<string, string>
  deliver(subscriptionId: string, message: RelayMessage): void
  /** Resolves once what was sent so far has left for the network: true, or false when the socket closed. */
  flushed(): Promise<boolean>
  /** Called every ping interval; returns false when the connection is dead (then it is dropped). */
  heartbeat(): boolean
}

export type Publication = { topic: string; message: string; tag: number; ttl: number; attestation?: string }

function quotaMessage(scope: 'topic' | 'client', quota: Quota): string {
  return `Storage quota exceeded: at most ${quota.messages} messages and ${quota.bytes} bytes stored per ${scope}`
}

function over(usage: Usage | undefined, add: Usage, quota: Quota): boolean {
  const messages = (usage?.messages ?? 0) + add.messages
  const bytes = (usage?.bytes ?? 0) + add.bytes
  return messages > quota.messages || bytes > quota.bytes
}

/** The relay's state shared by every connection: who listens to what, the cache, the fan-out. */
export class Relay {
  private readonly byTopic = new Map<string, Set<Subscriber>>()
  private readonly subscribers = new Set<Subscriber>()
  private subscriptionCount = 0
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

  /** Topics subscribed, over every connection of this process. */
  get subscriptions(): number {
    return this.subscriptionCount
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

  /** Subscribes, returns the ids and then delivers the cached messages this client has not acknowledged. */
  async subscribe(subscriber: Subscriber, topics: readonly string[]): Promise<string[]> {
    const fresh = [...new Set(topics)].filter((topic) => !subscriber.topics.has(topic))
    if (subscriber.topics.size + fresh.length > this.limits.maxTopics)
      throw new LimitExceededError(`Too many topics: at most ${this.limits.maxTopics} per connection`)
    if (this.subscriptionCount + fresh.length > this.limits.maxSubscriptions)
      throw new LimitExceededError(
        `Relay is full: at most ${this.limits.maxSubscriptions} subscriptions in all, try again later`,
      )
    this.subscriptionCount += fresh.length
    for (const topic of fresh) {
      subscriber.topics.set(topic, this.subscriptionId(subscriber.clientId, topic))
      const set = this.byTopic.get(topic) ?? new Set()
      set.add(subscriber)
      this.byTopic.set(topic, set)
    }
    // Answered at once; the cached messages follow (a large backlog must not hold the answer back).
    this.replay(subscriber, topics).catch((error: unknown) => {
      this.log.warn({ err: error }, 'relay replay failed')
    })
    return topics.map((topic) => subscriber.topics.get(topic) ?? '')
  }

  /**
   * Delivers the cached messages page by page, each page once the one before has left for the network:
   * a slow reader holds at most a page here (and is dropped past `maxBufferedBytes` in its socket).
   */
  private async replay(subscriber: Subscriber, topics: readonly string[]): Promise<void> {
    let afterId: number | undefined
    for (;;) {
      const page = await this.page(subscriber, topics, afterId)
      for (const message of page.messages) {
        const id = subscriber.topics.get(message.topic)
        if (id) subscriber.deliver(id, message)
      }
      const last = page.messages.at(-1)
      if (!page.hasMore || !last || !(await subscriber.flushed())) return
      afterId = last.id
    }
  }

  private page(subscriber: Subscriber, topics: readonly string[], afterId?: number): Promise<Page> {
    const bounds: PageBounds = {
      maxMessages: PAGE_MAX_MESSAGES,
      maxBytes: PAGE_BYTES_FACTOR * this.limits.maxMessageBytes,
      afterId,
    }
    return this.store.pending(topics, subscriber.clientId, Date.now(), bounds)
  }

  unsubscribe(subscriber: Subscriber, topic: string): void {
    if (subscriber.topics.delete(topic)) this.unindex(subscriber, topic)
  }

  /**
   * Caches the messages (all or none: sizes and quotas are checked first), delivers each to this
   * process's subscribers and announces it to the others.
   */
  async publish(sender: Subscriber, publications: readonly Publication[]): Promise<void> {
    for (const { message } of publications) this.assertSize(message)
    await this.assertQuota(sender.clientId, publications)
    for (const publication of publications) {
      const stored = await this.store.insert(
        {
          topic: publication.topic,
          message: publication.message,
          tag: publication.tag,
          sender: sender.clientId,
          ttlSeconds: Math.min(publication.ttl, this.limits.maxTtlSeconds),
          attestation: publication.attestation ?? '',
        },
        Date.now(),
      )
      this.deliverLocally(stored, sender.clientId)
      await this.fanout.announce({ id: stored.id, topic: stored.topic })
    }
  }

  /** Throws LimitExceededError for a message over `maxMessageBytes`. */
  private assertSize(message: string): void {
    const size = Buffer.byteLength(message)
    if (size > this.limits.maxMessageBytes)
      throw new LimitExceededError(`Message too large: ${size} bytes, at most ${this.limits.maxMessageBytes}`)
  }

  /**
   * Throws LimitExceededError when the publications would take a topic or the sender past its storage
   * quota. Checked before writing, per process: concurrent sockets of one client may overshoot by a batch.
   */
  private async assertQuota(clientId: string, publications: readonly Publication[]): Promise<void> {
    const added = new Map<string, Usage>()
    const total: Usage = { messages: 0, bytes: 0 }
    for (const { topic, message } of publications) {
      const bytes = Buffer.byteLength(message)
      const topicAdded = added.get(topic) ?? { messages: 0, bytes: 0 }
      added.set(topic, { messages: topicAdded.messages + 1, bytes: topicAdded.bytes + bytes })
      total.messages += 1
      total.bytes += bytes
    }
    const usage = await this.store.usage([...added.keys()], clientId, Date.now())
    if (over(usage.sender, total, this.limits.clientQuota))
      throw new LimitExceededError(quotaMessage('client', this.limits.clientQuota))
    for (const [topic, add] of added)
      if (over(usage.topics.get(topic), add, this.limits.topicQuota))
        throw new LimitExceededError(quotaMessage('topic', this.limits.topicQuota))
  }

  /** A publication of another process: read it from the cache if anyone here listens. */
  async onAnnouncement({ id, topic }: Announcement): Promise<void> {
    if (!this.byTopic.has(topic)) return
    const message = await this.store.byId(id)
    if (message) this.deliverLocally(message, message.sender)
  }

  /**
   * One page of unacknowledged cached messages, handed over (and so acknowledged) without subscribing;
   * `hasMore` says whether another call would get more.
   */
  async fetch(subscriber: Subscriber, topics: readonly string[]): Promise<Page> {
    const page = await this.page(subscriber, topics)
    await this.store.ack(
      page.messages.map((message) => message.id),
      subscriber.clientId,
    )
    return page
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
    this.subscriptionCount -= 1
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
