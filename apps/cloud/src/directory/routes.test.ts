import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { seedWallets } from './catalogue/index.js'
import { importWallets } from './import.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud({ CLOUD_WALLET_FIXTURE: '1000' })
})
afterAll(() => cloud?.close())

type Page = { data: Record<string, unknown>[]; count: number }
const wallets = async (query: string): Promise<Page> => {
  const response = await cloud.get(`/getWallets?${LOCAL_QUERY}&${query}`)
  expect(response.status, query).toBe(200)
  return (await response.json()) as Page
}

describe('GET /getWallets', () => {
  it('answers listings with every field and an image URL', async () => {
    const page = await wallets('page=1&entries=40')
    expect(page.count).toBe(seedWallets().length + 1000)
    expect(page.data).toHaveLength(40)
    const first = page.data[0]
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'app_store',
        'badge_type',
        'chains',
        'chrome_store',
        'desktop_link',
        'display_index',
        'homepage',
        'id',
        'image_id',
        'image_url',
        'injected',
        'installed',
        'mobile_link',
        'name',
        'order',
        'play_store',
        'rdns',
        'supports_wc',
        'webapp_link',
      ].sort(),
    )
    expect(first?.image_url).toBe(`${cloud.url}/getWalletImage/${first?.image_id}`)
    const image = await cloud.get(new URL(String(first?.image_url)).pathname)
    expect(image.status).toBe(200)
  })

  it('searches, filters and accepts repeated or comma lists', async () => {
    expect((await wallets('search=MetaMa')).data[0]?.id).toBe('metamask')
    expect((await wallets('search=fixture&entries=100')).count).toBe(100)
    const listed = await wallets('include=metamask,trust&include=rainbow')
    expect(listed.data.map((w) => w.id).sort()).toEqual(['metamask', 'rainbow', 'trust'])
    const recommended = await wallets('page=1&entries=4&exclude=metamask')
    expect(recommended.data.map((w) => w.id)).not.toContain('metamask')
    expect(recommended.data).toHaveLength(4)
    for (const w of (await wallets('badge_type=certified')).data) expect(w.badge_type).toBe('certified')
    expect((await wallets('rdns=io.metamask')).data.map((w) => w.id)).toEqual(['metamask'])
  })

  it('answers a query the same JSON bytes however it is spelled, as JSON.stringify writes them', async () => {
    const bodies = []
    for (const query of [
      'search=meta&entries=8',
      'search=%20META%20&entries=8&include=',
      'entries=8&search=Meta',
    ]) {
      const response = await cloud.get(`/getWallets?${LOCAL_QUERY}&${query}`)
      expect(response.headers.get('content-type'), query).toBe('application/json; charset=utf-8')
      bodies.push(await response.text())
    }
    const [body] = bodies
    expect(bodies).toEqual([body, body, body])
    expect(JSON.stringify(JSON.parse(String(body)))).toBe(body)
    expect((JSON.parse(String(body)) as Page).data[0]?.id).toBe('metamask')
  })

  it('rejects malformed parameters with 400 { message }', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'entries=101',
      'entries=-1',
      'badge_type=gold',
      `search=${'x'.repeat(101)}`,
    ]) {
      const response = await cloud.get(`/getWallets?${LOCAL_QUERY}&${query}`)
      expect(response.status, query).toBe(400)
      expect(typeof (await messageOf(response))).toBe('string')
    }
  })

  it('shows imports written by another process once it has seen the new revision', async () => {
    const [template] = seedWallets()
    if (!template) throw new Error('empty seed')
    const listing = {
      ...template,
      id: 'zz-imported',
      name: 'Zebra Imported Wallet',
      rdns: 'com.example.zebra',
      order: 1,
    }
    expect(await importWallets(cloud.services.directoryStore, [listing])).toEqual({ added: 1, updated: 0 })
    // Written behind the directory's back, as the admin CLI in another process would.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await wallets('search=zebra')
    await cloud.services.directory.settled()
    const found = await wallets('search=zebra')
    expect(found.data.map((w) => w.id)).toEqual(['zz-imported'])
    expect(
      await importWallets(cloud.services.directoryStore, [{ ...listing, name: 'Zebra Renamed' }]),
    ).toEqual({
      added: 0,
      updated: 1,
    })
    await expect(
      importWallets(cloud.services.directoryStore, [{ ...listing, rdns: 'not dns' }]),
    ).rejects.toThrow(/rdns/)
  })
})

describe('image routes', () => {
  it.each([
    ['/getWalletImage/metamask'],
    ['/public/getAssetImage/eip155:1'],
    ['/public/getCurrencyImage/USD'],
    ['/public/getTokenImage/USDC'],
  ])('%s serves an image with cache headers and an ETag', async (path) => {
    const response = await cloud.get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/)
    const etag = response.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    expect((await response.text()).startsWith('<svg')).toBe(true)
    const again = await cloud.get(path, { headers: { 'if-none-match': String(etag) } })
    expect(again.status).toBe(304)
  })

  it("serves network images by the directory's asset ids (what AppKit clients request) as by CAIP-2 id", async () => {
    for (const [assetId, caip] of [
      ['ba0ba0cd-17c6-4806-ad93-f9d174f17900', 'eip155:1'],
      ['7289c336-3981-4081-c5f4-efc26ac64a00', 'eip155:8453'],
      ['a1b58899-f671-4276-6a5e-56ca5bd59700', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    ]) {
      const byAssetId = await cloud.get(`/public/getAssetImage/${assetId}?${LOCAL_QUERY}`)
      expect(byAssetId.status, assetId).toBe(200)
      const byCaip = await cloud.get(`/public/getAssetImage/${caip}`)
      expect(byAssetId.headers.get('etag')).toBe(byCaip.headers.get('etag'))
      expect(await byAssetId.text()).toBe(await byCaip.text())
    }
    expect((await cloud.get('/public/getAssetImage/00000000-0000-0000-0000-000000000000')).status).toBe(404)
  })
  it("the local devnet's icon is its own mark, not a monogram's letters", async () => {
    const response = await cloud.get('/public/getAssetImage/eip155:31337')
    expect(response.status).toBe(200)
    const svg = await response.text()
    expect(svg).toContain('aria-label="Local devnet"')
    expect(svg).not.toContain('<text')
  })

  it("serves AppKit's built-in connector image ids: the brand's logo where the directory has it, cached", async () => {
    const wallet = async (id: string) => (await cloud.get(`/getWalletImage/${id}`)).text()
    const cases: [string, string, string | null][] = [
      ['ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400', 'WalletConnect', null],
      ['07ba87ed-43aa-4adf-4540-9e6a2b9cae00', 'Browser Wallet', null],
      ['0c2840c3-5b04-4c44-9661-fbd4b49e1800', 'Coinbase', 'coinbase'],
      ['bba2c8be-7fd1-463e-42b1-796ecb0ad200', 'Base Account', null],
      ['461db637-8616-43ce-035a-d89b8a1d5800', 'Safe', 'safe'],
      ['54a1aa77-d202-4f8d-0fb2-5d2bb6db0300', 'Ledger', 'ledger-live'],
    ]
    const bodies = new Set<string>()
    for (const [imageId, connector, walletId] of cases) {
      const response = await cloud.get(`/public/getAssetImage/${imageId}`)
      expect(response.status, connector).toBe(200)
      expect(response.headers.get('content-type'), connector).toBe('image/svg+xml')
      expect(response.headers.get('cache-control'), connector).toBe(
        'public, max-age=604800, stale-while-revalidate=86400',
      )
      const body = await response.text()
      expect(body.startsWith('<svg'), connector).toBe(true)
      if (walletId) expect(body, connector).toBe(await wallet(walletId))
      bodies.add(body)
      const again = await cloud.get(`/public/getAssetImage/${imageId}`, {
        headers: { 'if-none-match': String(response.headers.get('etag')) },
      })
      expect(again.status, connector).toBe(304)
    }
    expect(bodies.size, 'each connector its own image').toBe(cases.length)
    // The Base mark is the Base network's.
    expect(await (await cloud.get('/public/getAssetImage/bba2c8be-7fd1-463e-42b1-796ecb0ad200')).text()).toBe(
      await (await cloud.get('/public/getAssetImage/eip155:8453')).text(),
    )
  })

  it('answers bad asset ids with a clear 4xx, never a 5xx: unknown, too long, repeated, nested, odd types', async () => {
    const unknown = await cloud.get('/public/getAssetImage/ffffffff-ffff-ffff-ffff-ffffffffffff')
    expect([unknown.status, await messageOf(unknown)]).toEqual([
      404,
      'No asset image "ffffffff-ffff-ffff-ffff-ffffffffffff"',
    ])
    // Ids are at most 200 characters (the router's bound): a longer one is 414 with the usual body.
    const tooLong = await cloud.get(`/public/getAssetImage/${'a'.repeat(201)}`)
    expect(tooLong.status).toBe(414)
    expect(typeof (await messageOf(tooLong))).toBe('string')
    expect((await cloud.get(`/public/getAssetImage/${'a'.repeat(200)}`)).status).toBe(404)
    const id = 'ba0ba0cd-17c6-4806-ad93-f9d174f17900'
    for (const query of [
      'projectId=a&projectId=b&st=1&st=2&sv=1&sv=2',
      `projectId=${'x'.repeat(5000)}`,
      `${'a['.repeat(500)}b${']'.repeat(500)}=1`,
      'id[]=1&id[x]=2&__proto__[a]=1&constructor[prototype][a]=1',
      Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
    ]) {
      const response = await cloud.get(`/public/getAssetImage/${id}?${query}`)
      expect(response.status, query.slice(0, 60)).toBeLessThan(500)
      if (response.status >= 400) expect(typeof (await messageOf(response))).toBe('string')
    }
    for (const odd of [
      '%00',
      '%ff',
      '..%2f..%2fetc%2fpasswd',
      '%7B%22a%22%3A1%7D',
      '1e309',
      'true',
      'null',
    ]) {
      const response = await cloud.get(`/public/getAssetImage/${odd}`)
      expect([400, 404], odd).toContain(response.status)
    }
  })
  it('answers 404 { message } for unknown or malformed ids', async () => {
    for (const path of [
      '/getWalletImage/no-such-wallet',
      '/public/getAssetImage/eip155:999999',
      '/public/getCurrencyImage/XYZ',
      '/public/getTokenImage/%20bad%20id',
    ]) {
      const response = await cloud.get(path)
      expect(response.status, path).toBe(404)
      expect(typeof (await messageOf(response))).toBe('string')
    }
  })
})
