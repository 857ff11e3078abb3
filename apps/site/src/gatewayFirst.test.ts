import { custom, HttpRequestError, InternalRpcError, TimeoutError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { gatewayFirst } from './gatewayFirst'

const answering = (result: unknown) => vi.fn(async () => result)
const failing = (error: Error) =>
  vi.fn(async () => {
    throw error
  })

function setup(gatewayRequest: () => Promise<unknown>) {
  const chainRequest = answering('0x2')
  const transport = gatewayFirst(custom({ request: gatewayRequest }), custom({ request: chainRequest }))
  const { request } = transport({ retryCount: 3 })
  return { read: () => request({ method: 'eth_blockNumber' }), chainRequest }
}

describe('gatewayFirst', () => {
  it('reads through the gateway while it answers', async () => {
    const { read, chainRequest } = setup(answering('0x1'))
    expect(await read()).toBe('0x1')
    expect(chainRequest).not.toHaveBeenCalled()
  })

  it.each([
    ['refused or failing over HTTP', new HttpRequestError({ url: 'http://127.0.0.1:8787/v1/' })],
    ['past its time-out', new TimeoutError({ body: {}, url: 'http://127.0.0.1:8787/v1/' })],
  ])('reads the chain’s own RPC when the gateway is %s, asking the gateway once', async (_, error) => {
    const gateway = failing(error)
    const { read } = setup(gateway)
    expect(await read()).toBe('0x2')
    expect(gateway).toHaveBeenCalledTimes(1)
  })

  it('lets an answer the gateway gave stand: a JSON-RPC error is not a reason to ask elsewhere', async () => {
    const { read, chainRequest } = setup(failing(new InternalRpcError(new Error('execution failed'))))
    await expect(read()).rejects.toThrow(InternalRpcError)
    expect(chainRequest).not.toHaveBeenCalled()
  })
})
