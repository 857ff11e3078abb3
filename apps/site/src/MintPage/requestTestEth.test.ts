import { describe, expect, it } from 'vitest'
import { requestTestEth } from './requestTestEth'

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const request = {
  cloudUrl: 'http://cloud.test',
  projectId: 'p 1',
  chainId: 31337,
  address: `0x${'1'.repeat(40)}`,
}

describe('requestTestEth', () => {
  it("posts the chain and address to the project's faucet and gives the hash", async () => {
    let seen: { url: string; body: string } | undefined
    const hash = await requestTestEth({
      ...request,
      fetch: async (url, init) => {
        seen = { url: String(url), body: String(init?.body) }
        return answer(200, { hash: `0x${'a'.repeat(64)}` })()
      },
    })
    expect(hash).toBe(`0x${'a'.repeat(64)}`)
    expect(seen).toEqual({
      url: 'http://cloud.test/v1/faucet?projectId=p%201',
      body: JSON.stringify({ chainId: 31337, address: request.address }),
    })
  })

  it("throws the cloud's refusal text, or says the faucet is out of reach", async () => {
    await expect(
      requestTestEth({
        ...request,
        fetch: answer(429, { code: 'too_many_requests', message: 'Please try again after 5 seconds' }),
      }),
    ).rejects.toThrow('Please try again after 5 seconds')
    await expect(
      requestTestEth({ ...request, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toThrow('The faucet is out of reach. Try again later.')
  })
})
