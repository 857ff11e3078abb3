import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nastyJson, nastyString } from '../test-support/arbitraries.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { addTestProject, RawClient, randomTopic, relayUrlOf } from './test-support.js'

let cloud: TestCloud
beforeAll(async () => {
  cloud = await startTestCloud({ CLOUD_SEED: 'false', RELAY_MESSAGES_PER_SECOND: '100000' })
  await addTestProject(cloud)
})
afterAll(() => cloud.close())

const methods = fc.constantFrom(
  'irn_subscribe',
  'irn_batchSubscribe',
  'irn_unsubscribe',
  'irn_batchUnsubscribe',
  'irn_publish',
  'irn_batchPublish',
  'irn_batchFetchMessages',
  'wc_proposeSession',
  'wc_approveSession',
  'irn_subscription',
  '__proto__',
)
const topic = fc.oneof(fc.constant('c'.repeat(64)), nastyString(70))
const params = fc.oneof(
  nastyJson,
  fc.record(
    { topic, topics: fc.array(topic, { maxLength: 3 }), message: nastyString(), ttl: nastyJson },
    { requiredKeys: [] },
  ),
  fc.record({ topic, message: fc.string(), ttl: fc.integer(), tag: fc.integer() }),
)
/** JSON-RPC-ish requests with arbitrary parts, answers/acks with arbitrary ids, and plain garbage. */
const frame = fc.oneof(
  fc
    .record(
      { jsonrpc: fc.oneof(fc.constant('2.0'), nastyJson), id: nastyJson, method: methods, params },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record({ id: nastyJson, result: nastyJson, error: nastyJson }, { requiredKeys: [] })
    .map((v) => JSON.stringify(v)),
  nastyJson.map((value) => JSON.stringify(value) ?? 'null'),
  nastyString(200),
)

describe('relay fuzzing', () => {
  it('answers every malformed frame without crashing; another client is unaffected', async () => {
    const fuzzer = await RawClient.open(relayUrlOf(cloud))
    const bystander = await RawClient.open(relayUrlOf(cloud))
    const watched = randomTopic()
    await bystander.request('irn_subscribe', { topic: watched })
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 20 }), async (frames) => {
        for (const text of frames) fuzzer.sendRaw(text)
        // A request after the batch is answered: the socket is alive and the frames were handled.
        expect((await fuzzer.request('irn_subscribe', { topic: randomTopic() })).result).toBeTypeOf('string')
      }),
      { numRuns: 60 },
    )
    // Random runs need not contain both kinds, so one of each is sent for sure: every non-JSON or malformed
    // request got its JSON-RPC error, none a crash.
    fuzzer.sendRaw('not json')
    fuzzer.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'irn_subscribe', params: {} }))
    const errorCode = (code: number) =>
      fuzzer.frames.find((f) => (f.error as { code?: number })?.code === code)
    expect(await fuzzer.until(() => errorCode(-32700))).toBeDefined()
    expect(await fuzzer.until(() => errorCode(-32602))).toBeDefined()
    const publisher = await RawClient.open(relayUrlOf(cloud))
    await publisher.request('irn_publish', { topic: watched, message: 'still here', ttl: 300, tag: 1 })
    expect((await bystander.until(() => bystander.deliveries[0])).params.data.message).toBe('still here')
    for (const client of [fuzzer, bystander, publisher]) await client.close()
    expect((await cloud.get('/healthz')).status).toBe(200)
  })
})
