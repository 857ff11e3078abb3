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
  return response.json()
}

describe('account routes (the AppKit client’s blockchain data calls)', () => {
  it('serves history and balance for every chain /v1/supported-chains advertises', async () => {
    const { http } = (await json(`/v1/supported-chains?${LOCAL_QUERY}`)) as { http: string[] }
    expect(http).toEqual(['eip155:8453', 'eip155:31337'])
    for (const chainId of http) {
      expect(await json(`/v1/account/${ACCOUNT}/history?${LOCAL_QUERY}&chainId=${chainId}`)).toEqual({
        data: [],
        next: null,
      })
      expect(
        await json(
          `/v1/account/${ACCOUNT}/balance?${LOCAL_QUERY}&currency=usd&chainId=${chainId}&forceUpdate=true`,
        ),
      ).toEqual({ balances: [] })
    }
    expect(await json(`/v1/account/${ACCOUNT}/history?${LOCAL_QUERY}`)).toEqual({ data: [], next: null })
  })

  it('answers an identity with name and avatar, null until names exist', async () => {
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
      `/v1/identity/not-an-address?${LOCAL_QUERY}`,
      `/v1/identity/${ACCOUNT}?${LOCAL_QUERY}&sender=bob`,
      `/v1/account/${ACCOUNT}/balance?${LOCAL_QUERY}&currency=doge`,
    ]) {
      expect((await cloud.get(path)).status, path).toBe(400)
    }
    expect((await cloud.get(`/v1/identity/${ACCOUNT}?projectId=nope`)).status).toBe(401)
    const refused = await cloud.get(`/v1/account/${ACCOUNT}/history?${LOCAL_QUERY}`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(refused.status).toBe(403)
    expect(await messageOf(refused)).toBe('Unauthorized: origin not allowed')
  })
})
