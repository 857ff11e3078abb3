// Over 350 lines on purpose: one cloud over one anvil is fuzzed route by route, and the test checks that its
// route table has no route left uncovered; a split would start the stack again and lose that one check of
// every route.
import { type AnvilInstance as Anvil, deployAll, startAnvil } from '@allaccess/chain'
import { addresses } from '@allaccess/chain/deployments'
import { DEVNET_FARCASTER_RELAY_KEY, ERROR_CODES } from '@allaccess/protocol'
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
import { type RawAnswer, rawRequest } from '../test-support/raw-http.js'
import { routesOf } from './route-table.js'

let anvil: Anvil
let cloud: TestCloud
let projectsBefore: unknown
let revisionBefore: string

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  // The exchange and its pools, so that valid swap requests reach the chain.
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startTestCloud({
    RPC_UPSTREAM_31337: anvil.rpcUrl,
    CLOUD_RATE_LIMIT_MAX: '10000000',
    // A valid wait body must not hold a request past the fetch time-out.
    EMBEDDED_DEVICE_WAIT_MS: '100',
  })
  projectsBefore = await cloud.services.projects.list()
  revisionBefore = await cloud.services.directoryStore.revision()
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const RUNS = { numRuns: 150 }

const CODES: readonly string[] = Object.values(ERROR_CODES)

/**
 * The one rule for every answer: below 500, and a 4xx carries `{ code, message }` with a stable code (the name
 * service adds `reasons`, whose first description is the message).
 */
function expectCleanText(status: number, text: string, what: string): void {
  expect(status, what).toBeGreaterThanOrEqual(200)
  expect(status, what).toBeLessThan(500)
  if (status < 400) return
  const body = JSON.parse(text) as { code: unknown; message: unknown; reasons?: unknown }
  const { reasons, ...rest } = body
  expect(Object.keys(rest).sort(), what).toEqual(['code', 'message'])
  expect(CODES, what).toContain(body.code)
  expect(typeof body.message, what).toBe('string')
  if (reasons !== undefined) expect(reasons, what).toEqual([{ description: body.message }])
}

async function expectClean(response: Response, what: string): Promise<void> {
  expectCleanText(response.status, await response.text(), what)
}

const send = (path: string, init: RequestInit = {}) =>
  fetch(cloud.url + path, { ...init, signal: AbortSignal.timeout(10_000) })

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const GET_ROUTES = [
  '/projects/v1/origins',
  '/appkit/v1/config',
  '/getAnalyticsConfig',
  '/getWallets',
  '/v1/supported-chains',
  '/healthz',
  `/v1/account/${ACCOUNT}/history`,
  `/v1/account/${ACCOUNT}/balance`,
  `/v1/account/${ACCOUNT}/nfts`,
  `/v1/identity/${ACCOUNT}`,
  '/v1/embedded/session',
  '/v1/embedded/shares',
  '/v1/embedded/device/approve',
  '/v1/embedded/social/callback',
  '/auth/v1/siwx/sessions',
  '/holders/v1/area',
  '/mailbox',
  '/mailbox/messages',
  '/v1/profile/account/alice',
  `/v1/profile/reverse/${ACCOUNT}`,
  '/v1/profile/suggestions/alice',
]
const IMAGE_ROUTES = [
  '/getWalletImage/',
  '/public/getAssetImage/',
  '/public/getCurrencyImage/',
  '/public/getTokenImage/',
  '/public/getNftImage/',
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

const validPriceRequest = fc.record({
  currency: fc.constantFrom('usd', 'eur'),
  addresses: fc.array(
    fc.oneof(
      fc.constantFrom(
        'eip155:31337:native',
        `eip155:31337:${ACCOUNT}`,
        'eip155:1:native',
        `eip155:0:${ACCOUNT}`,
      ),
      queryValue,
    ),
    { maxLength: 120 },
  ),
})

const fungible = fc.oneof(
  fc.constantFrom(
    'eip155:31337:native',
    `eip155:31337:${addresses.testUsd}`,
    `eip155:31337:${addresses.testGold}`,
    `eip155:31337:${addresses.testPoints}`,
    'eip155:1:native',
    'eip155:5:native',
  ),
  queryValue,
)
const baseUnits = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 260n }).map(String), queryValue)
const validConvertQuery = fc.record({
  amount: baseUnits,
  userAddress: fc.oneof(fc.constant(ACCOUNT), queryValue),
  from: fungible,
  to: fungible,
  tokenAddress: fungible,
  chainId: fc.oneof(fc.constantFrom('31337', 'eip155:31337', '1', '5', 'eip155:0'), queryValue),
  gasPrice: baseUnits,
})
const validBuildRequest = fc.record({
  amount: baseUnits,
  from: fungible,
  to: fungible,
  userAddress: fc.oneof(fc.constant(ACCOUNT), queryValue),
  eip155: fc.record(
    { slippage: fc.double({ min: -10, max: 100 }), deadline: fc.integer() },
    { requiredKeys: [] },
  ),
  disableEstimate: fc.boolean(),
})

const deviceId = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/)
const otp = fc.stringMatching(/^\d{6}$/)
const share = fc.stringMatching(/^[0-9a-f]{1,200}$/)
/** The embedded wallet's bodies, by route: valid about half the time (valid ones send real e-mails). */
const EMBEDDED_BODIES: [string, fc.Arbitrary<Record<string, unknown>>][] = [
  ['/v1/embedded/email/connect', fc.record({ email: fc.emailAddress(), deviceId })],
  ['/v1/embedded/device/wait', fc.record({ email: fc.emailAddress(), deviceId })],
  ['/v1/embedded/email/verify', fc.record({ email: fc.emailAddress(), deviceId, otp })],
  ['/v1/embedded/email/update', fc.record({ newEmail: fc.emailAddress() })],
  ['/v1/embedded/email/update/verify-primary', fc.record({ otp })],
  ['/v1/embedded/reauth/verify', fc.record({ otp })],
  [
    '/v1/embedded/shares',
    fc.record({ address: fc.constant(ACCOUNT), authShare: share, recoveryShare: share }),
  ],
  [
    '/v1/embedded/social/start',
    fc.record({
      provider: fc.constantFrom('google', 'x', 'myspace'),
      deviceId,
      hostOrigin: fc.constantFrom(
        'http://localhost:5173',
        'https://elsewhere.example',
        'javascript:alert(1)',
      ),
    }),
  ],
  [
    '/v1/embedded/social/result',
    fc.record({
      secret: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      wait: fc.boolean(),
      completion: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), { nil: undefined }),
    }),
  ],
  [
    '/v1/embedded/farcaster/start',
    fc.record({
      deviceId,
      hostOrigin: fc.constantFrom(
        'http://localhost:5173',
        'https://elsewhere.example',
        'javascript:alert(1)',
      ),
    }),
  ],
  [
    '/v1/embedded/farcaster/result',
    fc.record({ secret: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), wait: fc.boolean() }),
  ],
  ['/v1/faucet', fc.record({ chainId: fc.constantFrom(1, 31337, -1, 1e300), address: fc.constant(ACCOUNT) })],
]

const SITE = 'http://localhost:5173'
/** An EIP-4361 text around `nonce`, sometimes cut or with a field broken. */
const siweText = (nonce: fc.Arbitrary<string>) =>
  fc
    .record({
      domain: fc.constantFrom('localhost:5173', 'evil.example', ''),
      nonce,
      chainId: fc.constantFrom('31337', '1', '0', '99999999999999999999'),
      time: fc.constantFrom('2026-01-01T00:00:00.000Z', 'yesterday', ''),
    })
    .map(
      ({ domain, nonce, chainId, time }) =>
        `${domain} wants you to sign in with your Ethereum account:\n${ACCOUNT}\n\nSign in.\n\nURI: ${SITE}\n` +
        `Version: 1\nChain ID: ${chainId}\nNonce: ${nonce}\nIssued At: ${time}\nExpiration Time: ${time}`,
    )
    .chain((text) =>
      fc.oneof(
        fc.constant(text),
        fc.nat({ max: text.length }).map((n) => text.slice(0, n)),
      ),
    )

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

  it('account paths with arbitrary addresses, and the price route with arbitrary bodies', async () => {
    const list = fc.constantFrom('history', 'balance', 'nfts')
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(ACCOUNT), queryValue),
        list,
        queryString,
        async (address, route, query) => {
          const path = `/v1/account/${address}/${route}?${query}`
          await expectClean(await send(path), path)
        },
      ),
      RUNS,
    )
    await fc.assert(
      fc.asyncProperty(wireBody(sometimesBroken(validPriceRequest)), contentType, async (payload, type) => {
        const response = await send(`/v1/fungible/price?${LOCAL_QUERY}`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: payload,
        })
        await expectClean(response, payload)
      }),
      RUNS,
    )
  })

  it('the convert routes with arbitrary queries and bodies', async () => {
    const route = fc.constantFrom('tokens', 'quotes', 'allowance', 'gas-price', 'build-approve')
    await fc.assert(
      fc.asyncProperty(route, mutated(validConvertQuery), async (name, query) => {
        const search = new URLSearchParams(
          Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
        const path = `/v1/convert/${name}?${LOCAL_QUERY}&${search}`
        await expectClean(await send(path), path)
      }),
      RUNS,
    )
    await fc.assert(
      fc.asyncProperty(wireBody(sometimesBroken(validBuildRequest)), contentType, async (payload, type) => {
        const response = await send(`/v1/convert/build-transaction?${LOCAL_QUERY}`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: payload,
        })
        await expectClean(response, payload)
      }),
      RUNS,
    )
  })

  it('the embedded wallet and the faucet with arbitrary bodies and bearer tokens', async () => {
    const token = fc.oneof(
      fc.constant(undefined),
      fc.constant('a'.repeat(43)),
      fc.stringMatching(/^[!-~]{0,60}$/),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          ...EMBEDDED_BODIES.map(([route, body]) => wireBody(sometimesBroken(body)).map((b) => [route, b])),
        ),
        token,
        contentType,
        async ([route, payload], bearer, type) => {
          const response = await send(`${route}?${LOCAL_QUERY}`, {
            method: route === '/v1/embedded/shares' ? 'PUT' : 'POST',
            headers: {
              ...(type ? { 'content-type': type } : {}),
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            },
            body: payload,
          })
          await expectClean(response, `${route} ${payload}`)
        },
      ),
      RUNS,
    )
  })

  it('sign-in with arbitrary bodies, origins and bearer tokens', async () => {
    // Live nonces, so that some messages get past the nonce to the field and signature checks.
    const live: string[] = []
    for (let i = 0; i < 5; i++) {
      const answer = await send(`/auth/v1/siwx/message?${LOCAL_QUERY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ chainId: 'eip155:31337', accountAddress: '' }),
      })
      live.push(((await answer.json()) as { nonce: string }).nonce)
    }
    const nonce = fc.oneof(fc.constantFrom(...live), fc.stringMatching(/^[0-9a-f]{8,40}$/), queryValue)
    const bodies = fc.oneof(
      wireBody(
        sometimesBroken(
          fc.record({
            chainId: fc.oneof(fc.constantFrom('eip155:31337', 'eip155:1', 'solana:abc'), queryValue),
            accountAddress: fc.constantFrom('', ACCOUNT, '0x'),
          }),
        ),
      ).map((body) => ['message', body] as const),
      wireBody(
        sometimesBroken(
          fc.record(
            {
              message: siweText(nonce),
              signature: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{0,300}$/), queryValue),
              cacao: fc.jsonValue({ maxDepth: 3 }),
            },
            { requiredKeys: ['message', 'signature'] },
          ),
        ),
      ).map((body) => ['sessions', body] as const),
    )
    const origin = fc.constantFrom(undefined, SITE, 'http://127.0.0.1:5173', 'https://evil.example', 'null')
    const token = fc.oneof(
      fc.constant(undefined),
      fc.constant('a'.repeat(43)),
      fc.stringMatching(/^[!-~]{0,60}$/),
    )
    await fc.assert(
      fc.asyncProperty(bodies, origin, contentType, async ([route, payload], from, type) => {
        const response = await send(`/auth/v1/siwx/${route}?${LOCAL_QUERY}`, {
          method: 'POST',
          headers: { ...(type ? { 'content-type': type } : {}), ...(from ? { origin: from } : {}) },
          body: payload,
        })
        await expectClean(response, `${route} ${payload}`)
      }),
      RUNS,
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uuid(), queryValue), token, async (id, bearer) => {
        const response = await send(`/auth/v1/siwx/sessions/${id}?${LOCAL_QUERY}`, {
          method: 'DELETE',
          headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        })
        await expectClean(response, `DELETE ${id}`)
      }),
      RUNS,
    )
  })

  it('the Farcaster relay with arbitrary channels, approvals, tokens and relay keys', async () => {
    const live: string[] = []
    const nonces: string[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await send('/v1/channel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: SITE, domain: 'localhost:5173' }),
      })
      const { channelToken, nonce } = (await answer.json()) as { channelToken: string; nonce: string }
      live.push(channelToken)
      nonces.push(nonce)
    }
    // Sign In With Farcaster texts around the live nonces, so that some get past the reading to the signature.
    const farcasterText = fc
      .record({
        nonce: fc.oneof(fc.constantFrom(...nonces), fc.stringMatching(/^[0-9a-f]{8,40}$/)),
        fid: fc.oneof(fc.nat(), fc.constantFrom('0', '1e3', '99999999999999999999')),
        chainId: fc.constantFrom('10', '1'),
        time: fc.constantFrom('2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z', 'yesterday'),
      })
      .map(
        ({ nonce, fid, chainId, time }) =>
          `localhost:5173 wants you to sign in with your Ethereum account:\n${ACCOUNT}\n\nFarcaster Auth\n\n` +
          `URI: ${SITE}\nVersion: 1\nChain ID: ${chainId}\nNonce: ${nonce}\nIssued At: ${time}\n` +
          `Expiration Time: ${time}\nResources:\n- farcaster://fid/${fid}`,
      )
    const token = fc.oneof(
      fc.constantFrom(undefined, ...live),
      fc.constant('a'.repeat(43)),
      fc.stringMatching(/^[!-~]{0,60}$/),
    )
    const time = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      nastyString(30),
    )
    const channel = fc.record(
      {
        siweUri: fc.oneof(fc.constant(SITE), fc.webUrl(), nastyString(60)),
        domain: fc.oneof(fc.constant('localhost:5173'), fc.domain(), nastyString(60)),
        nonce: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{8,20}$/), nastyString(30)),
        notBefore: time,
        expirationTime: time,
        requestId: nastyString(60),
        redirectUrl: fc.oneof(fc.webUrl(), nastyString(40)),
        acceptAuthAddress: fc.oneof(fc.boolean(), nastyJson),
      },
      { requiredKeys: ['siweUri', 'domain'] },
    )
    const approval = fc.record(
      {
        message: fc.oneof(farcasterText, siweText(fc.stringMatching(/^[0-9a-f]{8,40}$/)), nastyString(200)),
        signature: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{0,300}$/), queryValue),
        fid: fc.oneof(fc.integer(), fc.double(), nastyJson),
        username: nastyString(40),
        pfpUrl: fc.oneof(fc.webUrl(), nastyString(40)),
        verifications: fc.array(nastyString(20), { maxLength: 60 }),
      },
      { requiredKeys: ['message', 'signature', 'fid'] },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wireBody(sometimesBroken(channel)).map((b) => ['', b] as const),
          wireBody(sometimesBroken(approval)).map((b) => ['/authenticate', b] as const),
        ),
        token,
        fc.constantFrom(undefined, DEVNET_FARCASTER_RELAY_KEY, 'wrong'),
        contentType,
        async ([route, payload], bearer, key, type) => {
          const response = await send(`/v1/channel${route}`, {
            method: 'POST',
            headers: {
              ...(type ? { 'content-type': type } : {}),
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
              ...(key ? { 'x-farcaster-auth-relay-key': key } : {}),
            },
            body: payload,
          })
          await expectClean(response, `/v1/channel${route} ${payload}`)
        },
      ),
      RUNS,
    )
    await fc.assert(
      fc.asyncProperty(token, queryString, async (bearer, query) => {
        const response = await send(`/v1/channel/status?${query}`, {
          headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        })
        await expectClean(response, `status ${bearer}`)
      }),
      RUNS,
    )
  })

  it('the name service with arbitrary names, registrations and CCIP-Read requests', async () => {
    const message = fc
      .record({
        name: fc.oneof(fc.constantFrom('alice.allaccess.eth', 'abc.allaccess.eth'), nastyString(80)),
        attributes: fc.dictionary(fc.string({ maxLength: 70 }), fc.string({ maxLength: 30 }), {
          maxKeys: 20,
        }),
        timestamp: fc.oneof(fc.constant(Math.floor(Date.now() / 1000)), fc.integer(), fc.double()),
      })
      .map((value) => JSON.stringify(value))
    const registration = fc.record({
      coin_type: fc.oneof(fc.constantFrom(60, 0x80007a69, 2147483648, -1), fc.double()),
      address: fc.oneof(fc.constant(ACCOUNT), queryValue),
      message: fc.oneof(message, nastyString(100)),
      signature: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{0,200}$/), nastyString(100)),
    })
    const hex = fc.stringMatching(/^0x(?:[0-9a-f]{2}){0,300}$/)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('account', 'reverse', 'suggestions', 'ccip'),
        queryValue,
        queryString,
        async (route, value, query) => {
          const path = `/v1/profile/${route}/${value}?${query}&${LOCAL_QUERY}`
          await expectClean(await send(path), path)
        },
      ),
      RUNS,
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wireBody(sometimesBroken(registration)).map((b) => ['/v1/profile/account', b] as const),
          wireBody(sometimesBroken(fc.record({ sender: fc.constant(ACCOUNT), data: hex }))).map(
            (b) => ['/v1/profile/ccip', b] as const,
          ),
        ),
        contentType,
        async ([route, payload], type) => {
          const response = await send(`${route}?${LOCAL_QUERY}`, {
            method: 'POST',
            headers: type ? { 'content-type': type } : {},
            body: payload,
          })
          await expectClean(response, `${route} ${payload}`)
        },
      ),
      RUNS,
    )
    await fc.assert(
      fc.asyncProperty(hex, async (data) => {
        const path = `/v1/profile/ccip/${ACCOUNT}/${data}.json`
        await expectClean(await send(path), path)
      }),
      RUNS,
    )
  })

  it('the on-ramp with arbitrary quotes, generator bodies, order ids and checkout forms', async () => {
    const currency = fc.oneof(fc.constantFrom('USDC', 'tUSD', 'USD', 'EUR', 'devnet'), queryValue)
    const amount = fc.oneof(
      fc.constantFrom('5', '50', '50.5', '8000', '7500.01', '1e3', '-1', ''),
      queryValue,
    )
    const quoteBody = fc.record({
      purchaseCurrency: currency,
      paymentCurrency: currency,
      amount,
      network: fc.oneof(fc.constantFrom('devnet', 'ethereum', 'polygon'), queryValue),
      paymentMethod: fc.constantFrom('card', 'ach_bank_account', 'cash'),
    })
    const urlBody = fc.record({
      destinationWallets: fc.array(
        fc.record({ address: fc.oneof(fc.constant(ACCOUNT), queryValue), blockchains: fc.array(currency) }),
        { maxLength: 2 },
      ),
      presetFiatAmount: fc.oneof(fc.constantFrom(50, 5, 1e300, -1), fc.double()),
      paymentCurrency: currency,
    })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wireBody(sometimesBroken(quoteBody)).map((b) => ['/v1/onramp/quote', b] as const),
          wireBody(sometimesBroken(urlBody)).map((b) => ['/v1/generators/onrampurl', b] as const),
        ),
        contentType,
        async ([route, payload], type) => {
          const response = await send(`${route}?${LOCAL_QUERY}`, {
            method: 'POST',
            headers: type ? { 'content-type': type } : {},
            body: payload,
          })
          await expectClean(response, `${route} ${payload}`)
        },
      ),
      RUNS,
    )
    const opened = await send(`/v1/generators/onrampurl?${LOCAL_QUERY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destinationWallets: [{ address: ACCOUNT }] }),
    })
    const { orderId } = (await opened.json()) as { orderId: string }
    const id = fc.oneof(fc.constant(orderId), fc.stringMatching(/^[0-9a-f]{32}$/), queryValue)
    await fc.assert(
      fc.asyncProperty(
        id,
        fc.constantFrom('checkout', 'checkout/confirm'),
        fc.dictionary(fc.constantFrom('amount', 'card', 'expiry', 'cvc', 'code'), nastyString(30)),
        async (order, step, fields) => {
          const answer = await send(`/onramp/sandbox/${step}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ orderId: order, ...fields }).toString(),
          })
          if (answer.status !== 200) await expectClean(answer, `${step} ${order}`)
          else await answer.text()
          const status = await send(`/v1/onramp/orders/${encodeURIComponent(order)}?${LOCAL_QUERY}`)
          if (status.status !== 200) await expectClean(status, order)
          else await status.json()
        },
      ),
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

  it('every route the app registers, with hostile shapes', async () => {
    const routes = routesOf(cloud.app).filter((route) => route.method !== 'HEAD')
    expect(routes.length).toBeGreaterThan(15)
    const port = Number(new URL(cloud.url).port)
    const sendRaw = async (head: string, body: string, what: string): Promise<RawAnswer> => {
      const answer = await rawRequest(port, head, body)
      if (!head.startsWith('HEAD ')) expectCleanText(answer.status, answer.body, what)
      else expect(answer.status, what).toBeLessThan(500)
      return answer
    }
    for (const { method, url } of routes) {
      const path = url.replace(/:[^/]+|\*/g, 'x')
      for (const [name, query, headers, body] of hostileShapes()) {
        await sendRaw(`${method} ${path}?${query} HTTP/1.1${headers}`, body, `${name}: ${method} ${url}`)
      }
      for (const odd of ODD_METHODS)
        await sendRaw(`${odd} ${path}?${LOCAL_QUERY} HTTP/1.1`, '', `${odd} ${url}`)
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...ODD_METHODS, 'GET', 'POST'),
        queryString,
        fc.constantFrom(...hostileShapes()),
        async (route, method, query, [name, extraQuery, headers, body]) => {
          const path = route.url.replace(/:[^/]+|\*/g, encodeURIComponent('x'))
          await sendRaw(
            `${method} ${path}?${query}&${extraQuery} HTTP/1.1${headers}`,
            body,
            `${name} ${route.url}`,
          )
        },
      ),
      { numRuns: 100 },
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

/** Methods (almost) no route takes, some of which Node's parser refuses outright. */
const ODD_METHODS = ['PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'MKCOL', 'PURGE', 'FOO', 'get']

const deep = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const event = (props: string) =>
  `{"eventId":"e1","url":"http://localhost/","domain":"localhost","timestamp":1,"props":${props}}`
const json = '\r\ncontent-type: application/json'

/** [name, extra query, extra header lines (each starting with CRLF), body] */
function hostileShapes(): [string, string, string, string][] {
  const long = (n: number) => 'a'.repeat(n)
  return [
    ['deep array body', LOCAL_QUERY, json, deep(100_000)],
    ['deep object body', LOCAL_QUERY, json, deepObject(100_000)],
    ['deep text/plain body', LOCAL_QUERY, '\r\ncontent-type: text/plain', deep(100_000)],
    [
      'gateway params 8,000 deep',
      `${LOCAL_QUERY}&chainId=eip155:31337`,
      json,
      `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${deep(8000)}}`,
    ],
    ['event props 100,000 deep', LOCAL_QUERY, json, event(deepObject(100_000))],
    [
      'repeated parameters',
      `${LOCAL_QUERY}&projectId=allaccess-local&projectId=x&auth=a&auth=b&ua=a&ua=b&chainId=1&chainId=2&page=1&page=2&entries=1&entries=2&search=a&search=b&st=a&sv=b`,
      '',
      '',
    ],
    [
      'oversized parameters',
      `${LOCAL_QUERY}&auth=${long(5000)}&ua=${long(5000)}&search=${long(5000)}`,
      '',
      '',
    ],
    ['parameters over the header limit', `${LOCAL_QUERY}&auth=${long(20_000)}`, '', ''],
    ['oversized header', LOCAL_QUERY, `\r\nx-sdk-version: ${long(20_000)}`, ''],
    [
      'oversized project header',
      '',
      `\r\nx-project-id: ${long(10_000)}\r\norigin: https://${long(4000)}.example`,
      '',
    ],
    ['many headers', LOCAL_QUERY, Array.from({ length: 500 }, (_, i) => `\r\nx-h${i}: ${i}`).join(''), ''],
    [
      'duplicated headers',
      LOCAL_QUERY,
      '\r\nx-project-id: a\r\nx-project-id: b\r\norigin: http://localhost\r\norigin: https://evil.example\r\ncontent-type: application/json\r\ncontent-type: text/plain',
      '{}',
    ],
    [
      'pre-flight from a refused origin',
      LOCAL_QUERY,
      '\r\norigin: https://evil.example\r\naccess-control-request-method: POST',
      '',
    ],
    ['broken percent-encoding', `${LOCAL_QUERY}&%ZZ=%E0%A4%A&chainId=%`, '', ''],
  ]
}
