import { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { RelayConnection } from './connection.js'
import { DELIVERED_IDS_REMEMBERED } from './limits.js'
import type { Relay } from './relay.js'

/** A socket that records what is sent, and a relay as far as one connection uses it. */
function connection() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    sent: [] as unknown[],
    send(text: string, done: (error?: Error) => void) {
      socket.sent.push(JSON.parse(text))
      done()
    },
  })
  const relay = { limits: { messagesPerSecond: 100 }, attach() {}, detach() {}, ack: vi.fn(async () => {}) }
  const log = { debug() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger
  const subscriber = new RelayConnection(
    socket as unknown as WebSocket,
    'client',
    relay as unknown as Relay,
    log,
  )
  const ack = (id: number) =>
    socket.emit('message', Buffer.from(JSON.stringify({ id, jsonrpc: '2.0', result: true })))
  return { socket, relay, subscriber, ack }
}

const message = (id: number) => ({
  id,
  topic: 'a'.repeat(64),
  message: 'm',
  tag: 1108,
  publishedAt: 1,
  attestation: '',
})

describe('a relay socket delivers each message once', () => {
  it('the second road of a message already acknowledged (replay after the announcement) sends nothing', async () => {
    const { socket, relay, subscriber, ack } = connection()
    subscriber.deliver('sub', message(7))
    ack(7)
    await vi.waitFor(() => expect(relay.ack).toHaveBeenCalledWith(subscriber, 7))
    subscriber.deliver('sub', message(7))
    expect(socket.sent).toHaveLength(1)
  })

  it('one the client answered with an error may be delivered again on the same socket', () => {
    const { socket, subscriber } = connection()
    subscriber.deliver('sub', message(8))
    socket.emit(
      'message',
      Buffer.from(JSON.stringify({ id: 8, jsonrpc: '2.0', error: { code: -1, message: 'x' } })),
    )
    subscriber.deliver('sub', message(8))
    expect(socket.sent).toHaveLength(2)
  })

  it(`remembers the last ${DELIVERED_IDS_REMEMBERED} ids it delivered`, () => {
    expect(DELIVERED_IDS_REMEMBERED).toBe(10_000)
    const { socket, subscriber, ack } = connection()
    for (let id = 1; id <= DELIVERED_IDS_REMEMBERED + 1; id++) {
      subscriber.deliver('sub', message(id))
      ack(id)
    }
    subscriber.deliver('sub', message(DELIVERED_IDS_REMEMBERED + 1))
    expect(socket.sent).toHaveLength(DELIVERED_IDS_REMEMBERED + 1)
    // The oldest, forgotten, would go again: memory per socket stays bounded.
    subscriber.deliver('sub', message(1))
    expect(socket.sent).toHaveLength(DELIVERED_IDS_REMEMBERED + 2)
  })
})
