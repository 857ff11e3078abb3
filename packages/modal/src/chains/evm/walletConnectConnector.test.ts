import { EventEmitter } from 'node:events'
import { createEmitter } from '@wagmi/core/internal'
import { describe, expect, it } from 'vitest'
import { relayRefusalReason, reportRelayRefusals } from './walletConnectConnector'

/**
 * How WalletConnect's 2.25 client words a relay closing its socket with code 3000 and a reason
 * (`@walletconnect/jsonrpc-provider`, docs/relay.md "Connection"); the browser test sees it from the real client.
 */
const closedWith = (reason: string) =>
  new Error(`WebSocket connection closed abnormally with code: 3000 ${reason ? `(${reason})` : ''}`)

describe("the relay's refusals, as WalletConnect's client reports them", () => {
  it("reads the relay's reason, '' when it gave none, and nothing from other errors", () => {
    expect(relayRefusalReason(closedWith('Unauthorized: origin not allowed'))).toBe(
      'Unauthorized: origin not allowed',
    )
    expect(relayRefusalReason(closedWith('JWT validation error: JWT Token is not yet valid'))).toBe(
      'JWT validation error: JWT Token is not yet valid',
    )
    expect(relayRefusalReason(closedWith(''))).toBe('')
    expect(relayRefusalReason(new Error('WebSocket connection closed abnormally with code: 1006'))).toBe(
      undefined,
    )
    expect(relayRefusalReason(new Error('Socket stalled when trying to connect'))).toBeUndefined()
    expect(relayRefusalReason('Unauthorized: invalid key')).toBeUndefined()
  })

  it("passes each refusal of the client's relayer on as a relay_refused message", () => {
    const relayer = new EventEmitter()
    const client = { core: { relayer } } as never
    const emitter = createEmitter<{ message: { type: string; data?: unknown } }>('walletConnect')
    const messages: unknown[] = []
    emitter.on('message', (message) => messages.push(message))
    reportRelayRefusals(client, emitter as never)
    relayer.emit('relayer_error', closedWith('Unauthorized: invalid key'))
    relayer.emit('relayer_error', new Error('Fatal socket error'))
    relayer.emit('relayer_connect')
    expect(messages).toEqual([
      { type: 'relay_refused', data: 'Unauthorized: invalid key', uid: 'walletConnect' },
    ])
  })
})
