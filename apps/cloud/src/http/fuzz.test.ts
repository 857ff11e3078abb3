import { type AnvilInstance as Anvil, startAnvil } from '@allaccess/chain'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  contentType,
  headers,
  mutated,
  nastyJson,
  nastyString,
  queryString,
  queryValue,
  wireBody,
} from '../test-support/arbitraries.js'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { storedEvents } from '../test-support/events.js'

let anvil: Anvil
let cloud: TestCloud
let projectsBefore: unknown
let revisionBefore: string

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl, CLOUD_RATE_LIMIT_MAX: '10000000' })
  projectsBefore = await cloud.services.projects.list()
  revisionBefore = await cloud.services.directoryStore.revision()
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const RUNS = { numRuns: 150 }

/** The one rule for every answer: below 500, and a 4xx carries `{ message }`. */
async function expectClean(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBeLessThan(500)
  const text = await response.text()
  if (response.status >= 400)
    expect(typeof (JSON.parse(text) as { message: unknown }).message, what).toBe('string')
}

const send = (path: string, init: RequestInit = {}) =>
  fetch(cloud.url + path, { ...init, signal: AbortSignal.timeout(10_000) })

const GET_ROUTES = [
  '/projects/v1/origins',
  '/appkit/v1/config',
  '/getAnalyticsConfig',
  '/getWallets',
  '/v1/supported-chains',
  '/healthz',
]
const IMAGE_ROUTES = [
  '/getWalletImage/',
  '/public/getAssetImage/',
  '/public/getCurrencyImage/',
  '/public/getTokenImage/',
]

const validEvent = fc.record({
  eventId: fc.uuid(),
  url: fc.webUrl(),
  domain: fc.domain(),
  timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  props: fc.record({
    type: fc.constantFrom('track', 'error'),
    event: fc.string(),
    properties: fc.jsonValue({ maxDepth: 3 }),
  }),
})
/** Valid about half the time, so that what lies past validation is exercised too. */
const sometimesBroken = <T extends Record<string, unknown>>(valid: fc.Arbitrary<T>) => {
  const one = fc.oneof(valid, mutated(valid))
  return fc.oneof(one, fc.array(one, { maxLength: 4 }))
}

const validRpc = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.oneof(fc.nat(), fc.string({ maxLength: 10 }), fc.constant(null)),
  method: fc.oneof(
    fc.constantFrom(
      'eth_chainId',
      'eth_blockNumber',
      'eth_getBalance',
      'eth_call',
      'anvil_mine',
      'eth_sendTransaction',
    ),
    nastyString(20),
  ),
  params: fc.oneof(
    fc.constant([]),
    fc.array(nastyJson, { maxLength: 3 }),
    fc.dictionary(fc.string(), nastyJson, { maxKeys: 3 }),
  ),
})

describe('malformed input never breaks the server', () => {
  it('GET routes with arbitrary queries and headers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GET_ROUTES), queryString, headers, async (route, query, extra) => {
        await expectClean(await send(`${route}?${query}`, { headers: extra }), `${route}?${query}`)
      }),
      RUNS,
    )
  })

  it('image routes with arbitrary ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...IMAGE_ROUTES), queryValue, async (route, id) => {
        const response = await send(`${route}${id}`)
        if (response.status !== 200) await expectClean(response, `${route}${id}`)
        else await response.arrayBuffer()
      }),
      RUNS,
    )
  })

  it('analytics with arbitrary bodies stores nothing from a rejected request', async () => {
    const body = wireBody(sometimesBroken(validEvent))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/e', '/batch'), body, contentType, async (route, payload, type) => {
        const before = await storedEvents(cloud)
        const response = await send(`${route}?${LOCAL_QUERY}`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: payload,
        })
        const ok = response.status === 200
        await expectClean(response, `${route} ${payload}`)
        const after = await storedEvents(cloud)
        if (ok)
          expect(after - before).toBeLessThanOrEqual(
            Array.isArray(JSON.parse(payload)) ? JSON.parse(payload).length : 1,
          )
        else expect(after, `${route} ${payload}`).toBe(before)
      }),
      RUNS,
    )
  })

  it('the gateway with arbitrary chains and JSON-RPC bodies', async () => {
    const body = wireBody(sometimesBroken(validRpc))
    const chain = fc.oneof(fc.constant('eip155:31337'), queryValue)
    await fc.assert(
      fc.asyncProperty(chain, body, contentType, async (chainId, payload, type) => {
        const response = await send(`/v1/?chainId=${chainId}&${LOCAL_QUERY}`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: payload,
        })
        if (response.status === 200) JSON.parse(await response.text())
        else await expectClean(response, `${chainId} ${payload}`)
      }),
      RUNS,
    )
  })

  it('keeps serving and changed no project or listing', async () => {
    expect((await send('/healthz')).status).toBe(200)
    const wallets = await send(`/getWallets?${LOCAL_QUERY}&entries=4`)
    expect(((await wallets.json()) as { data: unknown[] }).data).toHaveLength(4)
    expect(await cloud.services.projects.list()).toEqual(projectsBefore)
    expect(await cloud.services.directoryStore.revision()).toBe(revisionBefore)
  })
})
