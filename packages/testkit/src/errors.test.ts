import { InternalRpcError, RpcRequestError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ProviderRpcError, toProviderRpcError } from './errors'

describe('toProviderRpcError', () => {
  it('keeps the code, message and data the node sent through viem wrappers', () => {
    const fromNode = new RpcRequestError({
      body: {},
      url: 'http://127.0.0.1:1',
      error: { code: -32003, message: 'Insufficient funds for gas * price + value', data: '0xdead' },
    })
    expect(toProviderRpcError(new InternalRpcError(fromNode)).toShape()).toEqual({
      code: -32003,
      message: 'Insufficient funds for gas * price + value',
      data: '0xdead',
    })
  })

  it('maps viem classification back to the EIP-1193 code', () => {
    expect(toProviderRpcError(new UserRejectedRequestError(new Error('no'))).code).toBe(4001)
  })

  it('turns anything else into an internal error and passes ProviderRpcError through', () => {
    expect(toProviderRpcError(new TypeError('boom')).toShape()).toEqual({ code: -32603, message: 'boom' })
    const own = new ProviderRpcError(4902, 'Unrecognized chain ID "0x5".')
    expect(toProviderRpcError(own)).toBe(own)
  })
})
