import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WalletListing, walletPageSchema } from '@allaccess/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCloudClient } from './createCloudClient'
import { CloudHttpError, CloudResponseError, CloudUnreachableError } from './errors'

/**
 * The client against an HTTP server on loopback that answers what the cloud answers: bodies inside the contracts of
 * @allaccess/protocol (apps/cloud/src/protocol.test.ts holds the real cloud to the same contracts), plus the
 * broken answers a real cloud never gives.
 */
type Reply = { status: number; body: unknown; headers?: Record<string, string> }

const metamask: WalletListing = {
  id: 'metamask',
  name: 'MetaMask',
  homepage: 'https://metamask.io',
  image_id: 'metamask',
  image_url: 'http://127.0.0.1:8787/getWalletImage/metamask',
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  rdns: 'io.metamask',
  chains: ['eip155:1'],
  injected: [{ namespace: 'eip155', injected_id: 'isMetaMask' }],
  badge_type: 'certified',
  supports_wc: true,
  order: 1,
  installed: false,
  display_index: 0,
}
const rainbow: WalletListing = {
  ...metamask,
  id: 'rainbow',
  name: 'Rainbow',
  rdns: 'me.rainbow',
  display_index: 1,
}

let server: Server
let baseUrl: string
let replies: Record<string, Reply>
let requested: URL[]
let bodies: string[]

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requested.push(url)
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => bodies.push(body))
    const reply = replies[url.pathname] ?? { status: 404, body: { message: 'Not found' } }
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
    response.end(JSON.stringify(reply.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

beforeEach(() => {
  requested = []
  bodies = []
  replies = {
    '/getWallets': { status: 200, body: { data: [metamask, rainbow], count: 1076 } },
    '/appkit/v1/config': {
      status: 200,
      body: { features: [{ id: 'multi_wallet', isEnabled: true, config: null }] },
    },
    '/projects/v1/origins': { status: 200, body: { allowedOrigins: ['http://localhost:5173', '*'] } },
    '/getAnalyticsConfig': { status: 200, body: { isAnalyticsEnabled: true } },
  }
})

const client = () => createCloudClient({ baseUrl: `${baseUrl}/`, projectId: 'allaccess-local' })

describe('createCloudClient (docs/behaviour.md#cloud wallet-directory service)', () => {
  it('answers of the protocol pass through whole', async () => {
    expect(walletPageSchema.parse(replies['/getWallets']?.body)).toEqual({
      data: [metamask, rainbow],
      count: 1076,
    })
    expect(await client().getWallets()).toEqual({ data: [metamask, rainbow], count: 1076 })
    expect(await client().getFeatures()).toEqual([{ id: 'multi_wallet', isEnabled: true, config: null }])
    expect(await client().getAllowedOrigins()).toEqual(['http://localhost:5173', '*'])
    expect(await client().getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
  })

  it('names the project and the SDK on every request, and the query as comma lists', async () => {
    await client().getWallets({ page: 2, entries: 40, search: 'meta', include: ['a', 'b'], exclude: [] })
    const [url] = requested
    expect(url?.pathname).toBe('/getWallets')
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      projectId: 'allaccess-local',
      st: 'allaccess',
      sv: '0.1.0',
      page: '2',
      entries: '40',
      search: 'meta',
      include: 'a,b',
    })
  })

  it('drops the entries of a list it cannot read and keeps the rest', async () => {
    const { image_url: _, ...withoutImage } = rainbow
    replies['/getWallets'] = { status: 200, body: { data: [metamask, withoutImage, 'junk'], count: 3 } }
    replies['/appkit/v1/config'] = {
      status: 200,
      body: {
        features: [
          { id: 'teleport', isEnabled: true, config: null },
          { id: 'swap', isEnabled: false, config: null },
        ],
      },
    }
    replies['/projects/v1/origins'] = {
      status: 200,
      body: { allowedOrigins: ['https://a.io/', 7, 'HTTPS://B.IO'] },
    }
    expect(await client().getWallets()).toEqual({ data: [metamask], count: 3 })
    expect(await client().getFeatures()).toEqual([{ id: 'swap', isEnabled: false, config: null }])
    expect(await client().getAllowedOrigins()).toEqual(['https://b.io'])
  })

  it('drops fields a newer cloud adds', async () => {
    replies['/getWallets'] = { status: 200, body: { data: [{ ...metamask, fresh: 1 }], count: 1, next: 'x' } }
    expect(await client().getWallets()).toEqual({ data: [metamask], count: 1 })
  })

  it.each([
    ['/getWallets', { data: [metamask] }, (c: ReturnType<typeof client>) => c.getWallets()],
    ['/appkit/v1/config', { features: 'all' }, (c: ReturnType<typeof client>) => c.getFeatures()],
    ['/projects/v1/origins', {}, (c: ReturnType<typeof client>) => c.getAllowedOrigins()],
    [
      '/getAnalyticsConfig',
      { isAnalyticsEnabled: 'yes' },
      (c: ReturnType<typeof client>) => c.getAnalyticsConfig(),
    ],
  ])('an answer of %s outside its contract is a CloudResponseError', async (path, body, call) => {
    replies[path] = { status: 200, body }
    const failed = call(client())
    await expect(failed).rejects.toBeInstanceOf(CloudResponseError)
    await expect(failed).rejects.toThrow(`${path} answered outside its contract`)
  })

  it("a refusal carries the server's status and text, and Retry-After", async () => {
    replies['/projects/v1/origins'] = { status: 401, body: { message: 'Unauthorized: invalid key' } }
    const refused = client().getAllowedOrigins()
    await expect(refused).rejects.toBeInstanceOf(CloudHttpError)
    await expect(refused).rejects.toMatchObject({ status: 401, message: 'Unauthorized: invalid key' })
    replies['/appkit/v1/config'] = {
      status: 429,
      body: { message: 'Please try again after 9 seconds' },
      headers: { 'retry-after': '9' },
    }
    await expect(client().getFeatures()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 9 })
  })

  it('a cloud that is down is reported as unreachable, not as a crash', async () => {
    const down = createCloudClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'allaccess-local' })
    await expect(down.getFeatures()).rejects.toBeInstanceOf(CloudUnreachableError)
  })

  it('a request its caller aborts rejects with the abort, not as unreachable', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(client().getWallets({}, controller.signal)).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('builds image URLs on the cloud, with the project id', () => {
    expect(client().walletImageUrl('metamask')).toBe(
      `${baseUrl}/getWalletImage/metamask?projectId=allaccess-local&st=allaccess&sv=0.1.0`,
    )
    expect(client().networkImageUrl('eip155:1')).toBe(
      `${baseUrl}/public/getAssetImage/eip155%3A1?projectId=allaccess-local&st=allaccess&sv=0.1.0`,
    )
  })

  it("names the project's paymaster service of an EVM chain by its CAIP-2 id", () => {
    expect(client().paymasterUrl(31337)).toBe(
      `${baseUrl}/v1/paymaster?projectId=allaccess-local&st=allaccess&sv=0.1.0&chainId=eip155%3A31337`,
    )
  })
})

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usd = {
  name: 'TestUSD',
  symbol: 'TUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  price: 1,
  value: 5,
  quantity: { decimals: '6', numeric: '5' },
  iconUrl: '/public/getTokenImage/eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
}

describe('createCloudClient: the account calls (docs/behaviour.md#cloud blockchain data service)', () => {
  it('asks for balances in USD on one chain, makes image addresses absolute and drops entries it cannot read', async () => {
    replies[`/v1/account/${ACCOUNT}/balance`] = {
      status: 200,
      body: { balances: [usd, { ...usd, price: 'free' }] },
    }
    const account = await client().account()
    const balances = await account.balances(ACCOUNT, { chainId: 'eip155:31337', forceUpdate: true })
    expect(balances).toHaveLength(1)
    expect(balances[0]?.iconUrl).toMatch(
      new RegExp(`^${baseUrl}/public/getTokenImage/.+projectId=allaccess-local`),
    )
    const [asked] = requested
    expect(asked?.searchParams.get('currency')).toBe('usd')
    expect(asked?.searchParams.get('chainId')).toBe('eip155:31337')
    expect(asked?.searchParams.get('forceUpdate')).toBe('true')
  })

  it('reads history by cursor; a transfer amount that is not a number counts as zero', async () => {
    const item = {
      id: '0x1',
      metadata: {
        operationType: 'send',
        hash: '0x1',
        chain: 'eip155:31337',
        minedAt: '2026-11-25T10:00:00.000Z',
        sentFrom: ACCOUNT,
        sentTo: ACCOUNT,
        status: 'confirmed',
        nonce: 1,
      },
      transfers: [{ direction: 'out', quantity: { numeric: 'NaN' }, sender: ACCOUNT, recipient: ACCOUNT }],
    }
    replies[`/v1/account/${ACCOUNT}/history`] = { status: 200, body: { data: [item], next: 'c2' } }
    const page = await (await client().account()).history(ACCOUNT, { chainId: 'eip155:31337', cursor: 'c1' })
    expect(page.next).toBe('c2')
    expect(page.data[0]?.transfers?.[0]?.quantity.numeric).toBe('0')
    expect(requested[0]?.searchParams.get('cursor')).toBe('c1')
  })

  it('posts price questions as JSON text (no pre-flight) and refusals keep their status', async () => {
    replies['/v1/fungible/price'] = {
      status: 200,
      body: {
        fungibles: [
          { address: 'eip155:31337:native', name: 'Ether', symbol: 'ETH', iconUrl: '', price: 2000 },
        ],
      },
    }
    const account = await client().account()
    expect(await account.prices(['eip155:31337:native'])).toHaveLength(1)
    expect(JSON.parse(bodies.at(-1) ?? '')).toEqual({ currency: 'usd', addresses: ['eip155:31337:native'] })
    replies[`/v1/identity/${ACCOUNT}`] = { status: 500, body: { message: 'boom' } }
    await expect(account.identity(ACCOUNT)).rejects.toMatchObject({ status: 500, message: 'boom' })
  })
})
