import {
  allowedOriginsSchema,
  analyticsConfigSchema,
  projectConfigSchema,
  WALLET_PAGE_SIZE,
  walletPageSchema,
} from '@allaccess/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from './test-support/cloud.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud({ CLOUD_WALLET_FIXTURE: '1000' })
})
afterAll(() => cloud?.close())

async function answer(path: string): Promise<unknown> {
  const response = await cloud.get(`${path}${path.includes('?') ? '&' : '?'}${LOCAL_QUERY}`)
  expect(response.status, path).toBe(200)
  return response.json()
}

/**
 * The cloud's real answers against the contracts of @allaccess/protocol, the schemas the modal parses them with.
 * `toEqual(body)` after the parse: nothing the cloud sends falls outside the contract (it would be stripped).
 */
describe('the cloud answers what @allaccess/protocol describes', () => {
  it.each([
    '/getWallets',
    '/getWallets?page=3&entries=100',
    '/getWallets?search=fixture&entries=100',
    '/getWallets?rdns=io.metamask,me.rainbow',
    '/getWallets?chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&badge_type=certified',
    '/getWallets?search=no-such-wallet',
  ])('GET %s: a wallet page', async (path) => {
    const body = await answer(path)
    expect(walletPageSchema.parse(body)).toEqual(body)
  })

  it('GET /getWallets: display_index counts over pages, installed marks the announced wallets', async () => {
    const second = walletPageSchema.parse(await answer('/getWallets?page=2'))
    expect(second.data.map((wallet) => wallet.display_index)).toEqual(
      Array.from({ length: WALLET_PAGE_SIZE }, (_, i) => WALLET_PAGE_SIZE + i),
    )
    expect(second.data.some((wallet) => wallet.installed)).toBe(false)
    const announced = walletPageSchema.parse(await answer('/getWallets?rdns=io.metamask'))
    expect(announced.data.map(({ id, installed }) => ({ id, installed }))).toEqual([
      { id: 'metamask', installed: true },
    ])
  })

  it('GET /appkit/v1/config: the project config', async () => {
    const body = await answer('/appkit/v1/config')
    expect(projectConfigSchema.parse(body)).toEqual(body)
  })

  it('GET /projects/v1/origins: the allowed origins', async () => {
    const body = await answer('/projects/v1/origins')
    expect(allowedOriginsSchema.parse(body)).toEqual(body)
  })

  it('GET /getAnalyticsConfig: the analytics switch', async () => {
    const body = await answer('/getAnalyticsConfig')
    expect(analyticsConfigSchema.parse(body)).toEqual(body)
  })

  it('publishes the same contracts in its OpenAPI document', async () => {
    const spec = (await (await cloud.get('/docs/json')).json()) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
      >
    }
    const ok = (path: string) => spec.paths[path]?.get.responses['200']?.content['application/json']?.schema
    expect(ok('/getWallets')).toMatchObject({
      properties: { data: { items: { required: expect.arrayContaining(['installed', 'display_index']) } } },
    })
    expect(ok('/appkit/v1/config')).toMatchObject({ properties: { features: { type: 'array' } } })
    expect(ok('/projects/v1/origins')).toMatchObject({ properties: { allowedOrigins: { type: 'array' } } })
  })
})
