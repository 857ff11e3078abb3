import { freePort } from '@allaccess/testkit/free-port'
import { generateKeyPair } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionTag } from './methods/index.js'
import { clientToken, durableStorage, RawClient, randomTopic, relayUrlOf } from './test-support.js'

type Cloud = Awaited<ReturnType<Awaited<ReturnType<typeof durableStorage>>['start']>>

let storage: Awaited<ReturnType<typeof durableStorage>>
let cloud: Cloud
let port: number
const clients: RawClient[] = []
const open = async (options?: Parameters<typeof RawClient.open>[1]) => {
  const client = await RawClient.open(relayUrlOf(cloud), options)
  clients.push(client)
  return client
}

beforeAll(async () => {
  storage = await durableStorage()
  port = await freePort()
  cloud = await storage.start(port)
})
afterAll(async () => {
  for (const client of clients) await client.close()
  await cloud.close()
  await storage.remove()
})

describe('relay protocol', () => {
  it('delivers live and cached messages with acks, never to the sender', async () => {
    const topic = randomTopic()
    const [a, b] = [await open(), await open()]
    const subscribed = await b.request('irn_subscribe', { topic })
    expect(subscribed.result).toMatch(/^[0-9a-f]{64}$/)
    expect((await a.request('irn_publish', { topic, message: 'live', ttl: 300, tag: 1108 })).result).toBe(
      true,
    )
    const delivery = await b.until(() => b.deliveries.find((d) => d.params.data.message === 'live'))
    expect(delivery.params).toMatchObject({
      id: subscribed.result,
      data: { topic, message: 'live', tag: 1108, attestation: '' },
    })
    // The sender's own subscription does not echo it.
    await a.request('irn_subscribe', { topic })
    expect(a.deliveries).toEqual([])

    // Published before anyone else listens: a later subscriber gets it from the cache.
    const later = randomTopic()
    await a.request('irn_publish', { topic: later, message: 'cached', ttl: 300, tag: 1 })
    const c = await open()
    await c.request('irn_batchSubscribe', { topics: [later, topic] })
    await c.until(() => (c.deliveries.length === 2 ? true : undefined))
    expect(c.deliveries.map((d) => d.params.data.message).sort()).toEqual(['cached', 'live'])
  })

  it('does not deliver again what a client acknowledged, even on a new socket', async () => {
    const topic = randomTopic()
    const keyPair = generateKeyPair()
    const publisher = await open()
    await publisher.request('irn_publish', { topic, message: 'once', ttl: 300, tag: 1 })
    const first = await open({ token: await clientToken(relayUrlOf(cloud), { keyPair }) })
    await first.request('irn_subscribe', { topic })
    await first.until(() => first.deliveries[0])
    await first.close()
    // Wait for the ack to be stored, then come back as the same client.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const again = await open({ token: await clientToken(relayUrlOf(cloud), { keyPair }) })
    await again.request('irn_subscribe', { topic })
    await publisher.request('irn_publish', { topic, message: 'twice', ttl: 300, tag: 1 })
    await again.until(() => again.deliveries[0])
    expect(again.deliveries.map((d) => d.params.data.message)).toEqual(['twice'])
  })

  it('does not ack unacknowledged deliveries: they come back on the next subscribe', async () => {
    const topic = randomTopic()
    const keyPair = generateKeyPair()
    const publisher = await open()
    await publisher.request('irn_publish', { topic, message: 'kept', ttl: 300, tag: 1 })
    const silent = await open({ token: await clientToken(relayUrlOf(cloud), { keyPair }), autoAck: false })
    await silent.request('irn_subscribe', { topic })
    await silent.until(() => silent.deliveries[0])
    await silent.close()
    const back = await open({ token: await clientToken(relayUrlOf(cloud), { keyPair }) })
    await back.request('irn_subscribe', { topic })
    expect((await back.until(() => back.deliveries[0])).params.data.message).toBe('kept')
  })

  it('runs the session handshake: relay-made subscriptions and tags 1100/1101/1102', async () => {
    const [pairingTopic, sessionTopic] = [randomTopic(), randomTopic()]
    const [dapp, wallet] = [await open(), await open()]
    const proposed = await dapp.request('wc_proposeSession', {
      pairingTopic,
      sessionProposal: 'proposal',
      ttl: 300,
      correlationId: 1,
    })
    expect(proposed.result).toBe(true)
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    const proposal = await wallet.until(() => wallet.deliveries[0])
    expect(proposal.params.data).toMatchObject({ message: 'proposal', tag: SessionTag.proposal })

    await wallet.request('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    const response = await dapp.until(() => dapp.deliveries[0])
    expect(response.params.data).toMatchObject({ topic: pairingTopic, message: 'response', tag: 1101 })
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    const settle = await dapp.until(() => dapp.deliveries[1])
    expect(settle.params.data).toMatchObject({ topic: sessionTopic, message: 'settle', tag: 1102 })
    // The wallet was subscribed to the session topic by the relay: the dapp's requests reach it live.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'request', ttl: 300, tag: 1108 })
    expect((await wallet.until(() => wallet.deliveries[1])).params.data.message).toBe('request')
  })

  it('answers the batch methods', async () => {
    const topics = [randomTopic(), randomTopic()]
    const [a, b] = [await open(), await open()]
    const published = await a.request('irn_batchPublish', {
      messages: topics.map((topic) => ({ topic, message: `m-${topic.slice(0, 4)}`, ttl: 300, tag: 1 })),
    })
    expect(published.result).toBe(true)
    const fetched = await b.request('irn_batchFetchMessages', { topics })
    expect(fetched.result).toMatchObject({ hasMore: false })
    expect((fetched.result as { messages: unknown[] }).messages).toHaveLength(2)
    // Fetched counts as delivered.
    expect(
      ((await b.request('irn_batchFetchMessages', { topics })).result as { messages: [] }).messages,
    ).toEqual([])
    const ids = (await b.request('irn_batchSubscribe', { topics })).result as string[]
    const unsubscribed = await b.request('irn_batchUnsubscribe', {
      subscriptions: topics.map((topic, i) => ({ topic, id: ids[i] })),
    })
    expect(unsubscribed.result).toBe(true)
    await a.request('irn_publish', { topic: topics[0], message: 'after', ttl: 300, tag: 1 })
    expect((await b.request('irn_unsubscribe', { topic: topics[0], id: 'x' })).result).toBe(true)
    expect(b.deliveries).toEqual([])
  })

  it('keeps undelivered messages across a restart on the same port and storage', async () => {
    const topic = randomTopic()
    const publisher = await open()
    await publisher.request('irn_publish', { topic, message: 'survives', ttl: 300, tag: 1 })
    await cloud.close()
    cloud = await storage.start(port)
    const subscriber = await open()
    await subscriber.request('irn_subscribe', { topic })
    expect((await subscriber.until(() => subscriber.deliveries[0])).params.data.message).toBe('survives')
  })
})
