import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { RelayErrorCode } from './errors.js'
import { addTestProject, RawClient, randomTopic, relayUrlOf } from './test-support.js'

let cloud: TestCloud
beforeAll(async () => {
  cloud = await startTestCloud({
    CLOUD_SEED: 'false',
    RELAY_MAX_MESSAGE_BYTES: '1024',
    RELAY_MAX_TOPICS: '3',
    RELAY_MESSAGES_PER_SECOND: '5',
  })
  await addTestProject(cloud)
})
afterAll(() => cloud.close())

const limitError = (message: string) => ({ error: { code: RelayErrorCode.limitExceeded, message } })

describe('relay limits', () => {
  it('refuses a message over the size limit with -32005 and keeps the socket', async () => {
    const client = await RawClient.open(relayUrlOf(cloud))
    const topic = randomTopic()
    const big = await client.request('irn_publish', { topic, message: 'x'.repeat(1025), ttl: 300, tag: 1 })
    expect(big).toMatchObject(limitError('Message too large: 1025 bytes, at most 1024'))
    const batch = await client.request('irn_batchPublish', {
      messages: [
        { topic, message: 'small', ttl: 300 },
        { topic, message: 'x'.repeat(2000), ttl: 300 },
      ],
    })
    expect(batch).toMatchObject(limitError('Message too large: 2000 bytes, at most 1024'))
    expect((await client.request('irn_publish', { topic, message: 'x'.repeat(1024), ttl: 300 })).result).toBe(
      true,
    )
    await client.close()
  })

  it('refuses topics past the per-connection limit with -32005', async () => {
    const client = await RawClient.open(relayUrlOf(cloud))
    const topics = [randomTopic(), randomTopic()]
    expect((await client.request('irn_batchSubscribe', { topics })).result).toHaveLength(2)
    const refused = await client.request('irn_batchSubscribe', { topics: [randomTopic(), randomTopic()] })
    expect(refused).toMatchObject(limitError('Too many topics: at most 3 per connection'))
    // Re-subscribing what it has costs nothing; one more fits.
    expect(
      (await client.request('irn_batchSubscribe', { topics: [...topics, randomTopic()] })).result,
    ).toHaveLength(3)
    await client.close()
  })

  it('rate-limits requests per second with -32005, then serves again', async () => {
    const client = await RawClient.open(relayUrlOf(cloud))
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.request('irn_subscribe', { topic: 'b'.repeat(64) })),
    )
    const refused = answers.filter((answer) => answer.error)
    expect(refused.length).toBeGreaterThanOrEqual(20)
    expect(refused[0]).toMatchObject(limitError('Rate limit exceeded: at most 5 requests per second'))
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await client.request('irn_subscribe', { topic: 'b'.repeat(64) })).result).toBeTypeOf('string')
    await client.close()
  })

  it('closes only the socket that sends an oversized frame (1009)', async () => {
    const [rude, polite] = [await RawClient.open(relayUrlOf(cloud)), await RawClient.open(relayUrlOf(cloud))]
    const closed = new Promise<number>((resolve) => rude.socket.once('close', (code) => resolve(code)))
    rude.sendRaw('x'.repeat(1024 * 4 + 1))
    expect(await closed).toBe(1009)
    expect((await polite.request('irn_subscribe', { topic: randomTopic() })).result).toBeTypeOf('string')
    await polite.close()
  })
})
