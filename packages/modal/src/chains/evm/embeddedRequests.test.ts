import { frameMessages, parseHostMessage } from '@allaccess/frame-protocol'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../testing/memoryStorage'
import { isConnectedPayload, keepSessionHandle, rpcRequestPayload } from './embeddedRequests'
import { EMBEDDED_SESSION_HANDLE_KEY } from './embeddedWalletOptions'

const HANDLE = 'cd'.repeat(16)
const RPC = 'http://127.0.0.1:8787/v1/rpc?chainId=eip155:31337'

describe("the embedded wallet's v2 requests", () => {
  it('an RPC request names its chain, the eip155 namespace and the gateway, and parses as the frame parses it', () => {
    const payload = rpcRequestPayload({ method: 'eth_chainId' }, 31337, RPC)
    expect(payload).toEqual({ method: 'eth_chainId', chainId: 31337, chainNamespace: 'eip155', rpcUrl: RPC })
    expect(parseHostMessage(frameMessages.request('r1', 'rpcRequest', payload))).toMatchObject({ payload })
    expect(rpcRequestPayload({ method: 'personal_sign', params: ['0x00'] }, 1, RPC)).toMatchObject({
      params: ['0x00'],
    })
  })

  it("keeps the frame's session handle, and asks isConnected with it", () => {
    expect(EMBEDDED_SESSION_HANDLE_KEY).toBe('allaccess.embeddedSessionHandle')
    const items = new Map<string, string>()
    const storage = memoryStorage(items)
    expect(isConnectedPayload(storage)).toEqual({})
    expect(isConnectedPayload(undefined)).toEqual({})
    keepSessionHandle(storage, HANDLE)
    expect(isConnectedPayload(storage)).toEqual({ token: HANDLE })
    keepSessionHandle(storage, null)
    expect(items.size).toBe(0)
    // Anything else found under the key (a page's own value, a former format) is not sent.
    storage.setItem(EMBEDDED_SESSION_HANDLE_KEY, 'true')
    expect(isConnectedPayload(storage)).toEqual({})
  })
})
