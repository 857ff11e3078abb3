import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { RelayErrorCode } from './errors.js'
import { PAGE_BYTES_FACTOR, PAGE_MAX_MESSAGES } from './limits.js'
import { addTestProject, RawClient, randomTopic, relayUrlOf } from './test-support.js'

const MAX_MESSAGE_BYTES = 1024
const TOPIC_MESSAGES = 150
const TOPIC_BYTES = 8 * MAX_MESSAGE_BYTES
const CLIENT_MESSAGES = 300
const CLIENT_BYTES = 20_000

let cloud: TestCloud
beforeAll(async () => {
  cloud = await startTestCloud({
    CLOUD_SEED: 'false',
    RELAY_MAX_MESSAGE_BYTES: String(MAX_MESSAGE_BYTES),
    RELAY_MESSAGES_PER_SECOND: '100000',
    RELAY_TOPIC_MAX_MESSAGES: String(TOPIC_MESSAGES),
    RELAY_TOPIC_MAX_BYTES: String(TOPIC_BYTES),
    RELAY_CLIENT_MAX_MESSAGES: String(CLIENT_MESSAGES),
    RELAY_CLIENT_MAX_BYTES: String(CLIENT_BYTES),
  })
  await addTestProject(cloud)
})
afterAll(() => cloud.close())

const open = () => RawClient.open(relayUrlOf(cloud))
type Fetched = { messages: Array<{ message: string }>; hasMore: boolean }

/** Publishes `count` messages of `size` bytes on `topic` in batches that fit a frame; returns their texts in order. */
async function publishMany(client: RawClient, topic: string, count: number, size = 8): Promise<string[]> {
  const texts = Array.from({ length: count }, (_, i) => `${i}`.padStart(size, '0'))
  const perBatch = Math.max(1, Math.floor((2 * MAX_MESSAGE_BYTES) / (size + 120)))
  for (let i = 0; i < count; i += perBatch) {
    const messages = texts.slice(i, i + perBatch).map((message) => ({ topic, message, ttl: 300, tag: 1 }))
    expect((await client.request('irn_batchPublish', { messages })).result).toBe(true)
  }
  return texts
}

async function fetchPage(client: RawClient, topics: string[]): Promise<Fetched> {
  const answer = await client.request('irn_batchFetchMessages', { topics })
  return answer.result as Fetched
}

const quotaError = (scope: 'topic' | 'client', messages: number, bytes: number) => ({
  error: {
    code: RelayErrorCode.limitExceeded,
    message: `Storage quota exceeded: at most ${messages} messages and ${bytes} bytes stored per ${scope}`,
  },
})

describe('irn_batchFetchMessages pages', () => {
  it('answers at most PAGE_MAX_MESSAGES with hasMore, the rest on further calls, in order', async () => {
    const [publisher, reader] = [await open(), await open()]
    const topic = randomTopic()
    const texts = await publishMany(publisher, topic, PAGE_MAX_MESSAGES + 20)
    const first = await fetchPage(reader, [topic])
    expect(first.messages).toHaveLength(PAGE_MAX_MESSAGES)
    expect(first.hasMore).toBe(true)
    const second = await fetchPage(reader, [topic])
    expect(second).toMatchObject({ hasMore: false })
    expect([...first.messages, ...second.messages].map((m) => m.message)).toEqual(texts)
    expect(await fetchPage(reader, [topic])).toEqual({ messages: [], hasMore: false })

    // A subscriber gets every page of the same backlog.
    const subscriber = await open()
    await subscriber.request('irn_subscribe', { topic })
    await subscriber.until(() => (subscriber.deliveries.length === texts.length ? true : undefined))
    expect(subscriber.deliveries.map((d) => d.params.data.message)).toEqual(texts)
    for (const client of [publisher, reader, subscriber]) await client.close()
  })

  it('answers at most PAGE_BYTES_FACTOR × RELAY_MAX_MESSAGE_BYTES of messages per call', async () => {
    const [publisher, reader] = [await open(), await open()]
    const topic = randomTopic()
    const texts = await publishMany(publisher, topic, 5, 1000)
    const perPage = Math.floor((PAGE_BYTES_FACTOR * MAX_MESSAGE_BYTES) / 1000)
    const pages: Fetched[] = []
    for (let page = await fetchPage(reader, [topic]); ; page = await fetchPage(reader, [topic])) {
      pages.push(page)
      if (!page.hasMore) break
    }
    expect(pages.map((page) => page.messages.length)).toEqual([perPage, perPage, 5 - 2 * perPage])
    expect(pages.flatMap((page) => page.messages.map((m) => m.message))).toEqual(texts)
    for (const client of [publisher, reader]) await client.close()
  })
})

describe('storage quotas', () => {
  it('caps the messages stored per topic, a batch refused whole', async () => {
    const [publisher, other, reader] = [await open(), await open(), await open()]
    const topic = randomTopic()
    await publishMany(publisher, topic, TOPIC_MESSAGES - 1)
    // The quota is the topic's, whoever publishes: a batch that would cross it stores nothing.
    const batch = await other.request('irn_batchPublish', {
      messages: [1, 2].map((n) => ({ topic, message: `over-${n}`, ttl: 300 })),
    })
    expect(batch).toMatchObject(quotaError('topic', TOPIC_MESSAGES, TOPIC_BYTES))
    expect((await other.request('irn_publish', { topic, message: 'last', ttl: 300 })).result).toBe(true)
    const refused = await other.request('irn_publish', { topic, message: 'one more', ttl: 300 })
    expect(refused).toMatchObject(quotaError('topic', TOPIC_MESSAGES, TOPIC_BYTES))
    let stored = 0
    for (let page = await fetchPage(reader, [topic]); ; page = await fetchPage(reader, [topic])) {
      stored += page.messages.length
      if (!page.hasMore) break
    }
    expect(stored).toBe(TOPIC_MESSAGES)
    for (const client of [publisher, other, reader]) await client.close()
  })

  it('caps the bytes stored per topic', async () => {
    const publisher = await open()
    const topic = randomTopic()
    await publishMany(publisher, topic, TOPIC_BYTES / MAX_MESSAGE_BYTES, MAX_MESSAGE_BYTES)
    const refused = await publisher.request('irn_publish', { topic, message: 'x', ttl: 300 })
    expect(refused).toMatchObject(quotaError('topic', TOPIC_MESSAGES, TOPIC_BYTES))
    await publisher.close()
  })

  it('caps the messages and the bytes one client stores, across topics', async () => {
    const counter = await open()
    for (let i = 0; i < CLIENT_MESSAGES / 100; i++) await publishMany(counter, randomTopic(), 100)
    const tooMany = await counter.request('irn_publish', { topic: randomTopic(), message: 'x', ttl: 300 })
    expect(tooMany).toMatchObject(quotaError('client', CLIENT_MESSAGES, CLIENT_BYTES))

    const heavy = await open()
    const fits = Math.floor(CLIENT_BYTES / MAX_MESSAGE_BYTES)
    for (let i = 0; i < fits; i++) await publishMany(heavy, randomTopic(), 1, MAX_MESSAGE_BYTES)
    const tooBig = await heavy.request('irn_publish', {
      topic: randomTopic(),
      message: 'x'.repeat(MAX_MESSAGE_BYTES),
      ttl: 300,
    })
    expect(tooBig).toMatchObject(quotaError('client', CLIENT_MESSAGES, CLIENT_BYTES))
    // Another client is not affected.
    const fresh = await open()
    expect(
      (await fresh.request('irn_publish', { topic: randomTopic(), message: 'x', ttl: 300 })).result,
    ).toBe(true)
    for (const client of [counter, heavy, fresh]) await client.close()
  })
})
