import { generateKeyPair } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { addTestProject, clientToken, RawClient, randomTopic, relayUrlOf } from './test-support.js'

const MESSAGE_BYTES = 256 * 1024
/** The flood's bound: far more than loopback's socket buffers plus what the relay lets wait (1 MiB). */
const MAX_MESSAGES = 400

let cloud: TestCloud
beforeAll(async () => {
  cloud = await startTestCloud({
    CLOUD_SEED: 'false',
    RELAY_MESSAGES_PER_SECOND: '100000',
    // Room for the flood, and no ping in the test's time: only the buffer watch can drop the reader.
    RELAY_TOPIC_MAX_BYTES: String(1024 * 1024 * 1024),
    RELAY_TOPIC_MAX_MESSAGES: '10000',
    RELAY_CLIENT_MAX_BYTES: String(1024 * 1024 * 1024),
    RELAY_PING_MS: '300000',
  })
  await addTestProject(cloud)
})
afterAll(() => cloud.close())

/** Waits until the relay serves `count` sockets (polled: the relay emits no event for it). */
async function connectionsReach(count: number): Promise<void> {
  const deadline = Date.now() + 20_000
  while (cloud.services.relay.connections !== count) {
    if (Date.now() > deadline)
      throw new Error(`relay still serves ${cloud.services.relay.connections} sockets`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('relay backpressure', () => {
  it('drops a subscriber that stops reading, keeps its messages for it and serves everyone else', async () => {
    const url = relayUrlOf(cloud)
    const topic = randomTopic()
    const keyPair = generateKeyPair()
    const slow = await RawClient.open(url, { token: await clientToken(url, { keyPair }), autoAck: false })
    const [publisher, bystander] = [await RawClient.open(url), await RawClient.open(url)]
    for (const client of [slow, bystander]) await client.request('irn_subscribe', { topic })
    await connectionsReach(3)
    // The slow client's TCP socket stops reading: the cloud's writes pile up behind the kernel's buffers.
    const tcp = (slow.socket as unknown as { _socket: { pause(): void } })._socket
    tcp.pause()

    let published = 0
    while (cloud.services.relay.connections === 3) {
      if (published === MAX_MESSAGES)
        throw new Error(`the slow reader was not dropped after ${published} messages`)
      const message = `${published}`.padStart(MESSAGE_BYTES, '0')
      expect((await publisher.request('irn_publish', { topic, message, ttl: 300, tag: 1 })).result).toBe(true)
      published += 1
    }
    await connectionsReach(2)
    // The others were served all along.
    await bystander.until(() => (bystander.deliveries.length === published ? true : undefined), 30_000)
    expect((await bystander.request('irn_subscribe', { topic: randomTopic() })).result).toBeTypeOf('string')
    slow.socket.terminate()

    // Back as the same client: what it never acknowledged is still there, every message, in order.
    const back = await RawClient.open(url, { token: await clientToken(url, { keyPair }) })
    await back.request('irn_subscribe', { topic })
    await back.until(() => (back.deliveries.length === published ? true : undefined), 60_000)
    const numbers = back.deliveries.map((d) => Number(d.params.data.message))
    expect(numbers).toEqual(Array.from({ length: published }, (_, i) => i))
    for (const client of [publisher, bystander, back]) await client.close()
  }, 180_000)
})
