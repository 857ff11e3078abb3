import { describe, expect, it } from 'vitest'
import { forwardRpc } from './forward-rpc'
import { handlerFor } from './index'

describe('handlerFor', () => {
  it('forwards chain reads to the node', () => {
    for (const method of [
      'eth_call',
      'eth_getBalance',
      'eth_blockNumber',
      'net_listening',
      'web3_clientVersion',
    ]) {
      expect(handlerFor(method)).toBe(forwardRpc)
    }
  })

  it('answers 4200 to methods the wallet does not support, and never forwards key or node control', () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'eth_sendUnsignedTransaction',
      'anvil_setBalance',
    ]) {
      expect(() => handlerFor(method)).toThrow(expect.objectContaining({ code: 4200 }))
    }
    expect(() => handlerFor('wallet_watchAsset')).toThrow(expect.objectContaining({ code: 4200 }))
    expect(() => handlerFor('toString')).toThrow(expect.objectContaining({ code: 4200 }))
  })
})
