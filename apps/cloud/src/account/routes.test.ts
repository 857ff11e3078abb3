import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud({
    RPC_UPSTREAM_31337: 'http://127.0.0.1:9',
    RPC_UPSTREAM_8453: 'http://127.0.0.1:9',
  })
})
afterAll(() => cloud?.close())

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const json = async (path: string) => {
  const response = await cloud.get(path)
  expect(response.status, path).toBe(200)
  // Answers leave serialized ahead: with the header Fastify gives a JSON object.
  expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8')
  return response.json()
}

describe('account routes (the AppKit client’s blockchain data calls)', () => {
  it('serves history and NFTs for every chain /v1/supported-chains advertises', async () => {
    const { http } = (await json(`/v1/supported-chains?${LOCAL_QUERY}`)) as { http: string[] }
    // Solana networks have balances only (apps/cloud/src/solana/routes.test.ts): history and NFTs are EVM's.
    expect(http).toEqual(['eip155:8453', 'eip155:31337', LOCAL_SOLANA_CHAIN_ID])
    for (const chainId of http.filter((id) => id.startsWith('eip155:'))) {
      for (const list of ['history', 'nfts'])
        expect(await json(`/v1/account/${ACCOUNT}/${list}?${LOCAL_QUERY}&chainId=${chainId}`)).toEqual({
          data: [],
          next: null,
        })
    }
    // The 0x is optional, any case (docs/behaviour.md#chains).
    expect(await json(`/v1/account/${ACCOUNT.slice(2).toUpperCase()}/history?${LOCAL_QUERY}`)).toEqual({
      data: [],
      next: null,
    })
  })

  it('answers 503 upstream_unavailable, not an empty list, when a balance cannot be read', async () => {
    const response = await cloud.get(
      `/v1/account/${ACCOUNT}/balance?${LOCAL_QUERY}&currency=usd&chainId=eip155:8453&forceUpdate=true`,
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      code: 'upstream_unavailable',
      message: expect.stringMatching(/^Upstream of eip155:8453 unavailable: /),
    })
  })

  it('answers an identity with name and avatar, both null for an address without a name', async () => {
    expect(await json(`/v1/identity/${ACCOUNT}?${LOCAL_QUERY}&sender=${ACCOUNT.toLowerCase()}`)).toEqual({
      name: null,
      avatar: null,
    })
  })

  it('refuses what it does not serve with a clear 400, and unknown projects and origins as every service', async () => {
    for (const path of [
      `/v1/account/${ACCOUNT}/history?${LOCAL_QUERY}&chainId=eip155:1`,
      `/v1/account/${ACCOUNT}/balance?${LOCAL_QUERY}&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
    ]) {
      const response = await cloud.get(path)
      expect(response.status, path).toBe(400)
      expect(await messageOf(response)).toMatch(/^Unsupported chain: /)
    }
    for (const path of [
      `/v1/account/0x123/history?${LOCAL_QUERY}`,
      `/v1/account/0x${'g'.repeat(40)}/nfts?${LOCAL_QUERY}`,
      `/v1/account/${ACCOUNT}/nfts?${LOCAL_QUERY}&chainId=eip155:31337:1`,
      `/v1/account/${ACCOUNT}/nfts?${LOCAL_QUERY}&chainId=eip155`,
      `/v1/account/${ACCOUNT}/history?${LOCAL_QUERY}&cursor=1-2-3`,
      `/v1/account/${ACCOUNT}/nfts?${LOCAL_QUERY}&cursor=x`,
      `/v1/identity/not-an-address?${LOCAL_QUERY}`,
      `/v1/identity/${ACCOUNT}?${LOCAL_QUERY}&sender=bob`,
      `/v1/account/${ACCOUNT}/balance?${LOCAL_QUERY}&currency=doge`,
    ]) {
      const response = await cloud.get(path)
      expect(response.status, path).toBe(400)
      expect((await response.json()) as unknown, path).toEqual({
        code: 'bad_request',
        message: expect.any(String),
      })
    }
    for (const body of [
      { currency: 'usd', addresses: [] },
      { currency: 'usd', addresses: ['eip155:1'] },
      { currency: 'usd', addresses: [`eip155:1:${ACCOUNT}:extra`] },
      { currency: 'eur', addresses: ['eip155:1:native'] },
      { addresses: ['eip155:1:native'] },
    ]) {
      const response = await cloud.post(`/v1/fungible/price?${LOCAL_QUERY}`, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
    expect(
      (
        await cloud.post('/v1/fungible/price?projectId=nope', {
          currency: 'usd',
          addresses: ['eip155:1:native'],
        })
      ).status,
    ).toBe(401)
    for (const id of ['nope', `eip155:31337:${ACCOUNT}:1`, `eip155:31337:${ACCOUNT}`]) {
      const response = await cloud.get(`/public/getNftImage/${id}`)
      expect(response.status, id).toBe(404)
      expect(((await response.json()) as { code: string }).code).toBe('not_found')
    }
    for (const path of [
      `/v1/identity/${ACCOUNT}?projectId=nope`,
      `/v1/account/${ACCOUNT}/nfts?projectId=nope`,
      `/v1/account/${ACCOUNT}/balance?projectId=nope`,
    ])
      expect((await cloud.get(path)).status, path).toBe(401)
    const refused = await cloud.get(`/v1/account/${ACCOUNT}/history?${LOCAL_QUERY}`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(refused.status).toBe(403)
    expect(await messageOf(refused)).toBe('Unauthorized: origin not allowed')
  })
})
