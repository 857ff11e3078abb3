import { generateKeyPair, type Keypair } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { addTestProject, clientToken, RELAY_TEST_PROJECT, randomTopic, relayUrlOf } from './test-support.js'

/** The process's subscriptions in this test (the default is 100,000): small enough to fill. */
const MAX_SUBSCRIPTIONS = 10_000

let cloud: TestCloud
const opened: WebSocket[] = []
beforeAll(async () => {
  cloud = await startTestCloud({ CLOUD_SEED: 'false', RELAY_MAX_SUBSCRIPTIONS: String(MAX_SUBSCRIPTIONS) })
  await addTestProject(cloud)
})
afterAll(async () => {
  for (const socket of opened) socket.terminate()
  await cloud?.close()
})

type Attempt = { status: number; message?: string; socket?: WebSocket }

/** One upgrade from `localAddress` (any 127.x.y.z is this machine): the socket, or the refusal's status and text. */
async function attempt(localAddress: string, keyPair: Keypair = generateKeyPair()): Promise<Attempt> {
  const url = relayUrlOf(cloud)
  const token = await clientToken(url, { keyPair })
  const socket = new WebSocket(`${url}?auth=${token}&projectId=${RELAY_TEST_PROJECT}`, { localAddress })
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      opened.push(socket)
      resolve({ status: 101, socket })
    })
    socket.once('error', reject)
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      response.on('end', () => {
        socket.terminate()
        resolve({
          status: response.statusCode ?? 0,
          message: (JSON.parse(body) as { message: string }).message,
        })
      })
    })
  })
}

let nextId = 1
/** Sends a request and waits for its answer. */
function request(socket: WebSocket, method: string, params: unknown) {
  const id = nextId++
  type Answer = { id?: number; result?: unknown; error?: { code: number; message: string } }
  return new Promise<Answer>((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(String(data)) as Answer
      if (frame.id !== id) return
      socket.off('message', onMessage)
      resolve(frame)
    }
    socket.on('message', onMessage)
    socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
  })
}

const count = (values: string[]) => {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return Object.fromEntries(counts)
}

describe('relay admission', () => {
  it('holds one address that tries 1,000 sockets × 1,000 topics to 50 sockets and the subscriptions to the cap', async () => {
    const attempts: Attempt[] = []
    for (let i = 0; i < 1000; i++) attempts.push(await attempt('127.0.0.2'))
    const sockets = attempts.flatMap((a) => (a.socket ? [a.socket] : []))
    expect(sockets).toHaveLength(50)
    // 120 upgrades a minute: 50 open, 70 over the socket cap, and the other 880 over the upgrade rate.
    expect(
      count(attempts.map((a) => `${a.status} ${a.message?.replace(/\d+ seconds/, 'N seconds')}`)),
    ).toEqual({
      '101 undefined': 50,
      '429 Too many relay connections: at most 50 per client address': 70,
      '429 Please try again after N seconds': 880,
    })
    expect(cloud.services.relay.connections).toBe(50)

    const answers = []
    for (const socket of sockets)
      for (let batch = 0; batch < 2; batch++)
        answers.push(
          await request(socket, 'irn_batchSubscribe', { topics: Array.from({ length: 500 }, randomTopic) }),
        )
    expect(cloud.services.relay.subscriptions).toBe(MAX_SUBSCRIPTIONS)
    const full = answers.filter((answer) => answer.error)
    expect(full).toHaveLength(100 - MAX_SUBSCRIPTIONS / 500)
    expect(full[0]?.error).toEqual({
      code: -32005,
      message: `Relay is full: at most ${MAX_SUBSCRIPTIONS} subscriptions in all, try again later`,
    })

    // Closed sockets give their places and subscriptions back.
    for (const socket of sockets) socket.close()
    await expect.poll(() => cloud.services.relay.connections, { timeout: 5000 }).toBe(0)
    expect(cloud.services.relay.subscriptions).toBe(0)
  }, 120_000)

  it('holds one client key to 10 sockets, with close 1013 for clients that hear refusals as a close', async () => {
    const keyPair = generateKeyPair()
    const attempts: Attempt[] = []
    for (let i = 0; i < 11; i++) attempts.push(await attempt('127.0.0.3', keyPair))
    expect(attempts.filter((a) => a.socket)).toHaveLength(10)
    expect(attempts[10]).toEqual({
      status: 429,
      message: 'Too many relay connections: at most 10 per client key',
    })

    const url = relayUrlOf(cloud)
    const token = await clientToken(url, { keyPair })
    const listening = new WebSocket(
      `${url}?auth=${token}&projectId=${RELAY_TEST_PROJECT}&useOnCloseEvent=true`,
      {
        localAddress: '127.0.0.3',
      },
    )
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      listening.once('close', (closeCode, closeReason) => resolve([closeCode, String(closeReason)])),
    )
    expect({ code, reason }).toEqual({
      code: 1013,
      reason: 'Too many relay connections: at most 10 per client key',
    })

    // Another key from the same address gets in; the key gets in again once one of its sockets closed.
    expect((await attempt('127.0.0.3')).status).toBe(101)
    attempts[0]?.socket?.close()
    await expect.poll(() => cloud.services.relay.connections, { timeout: 5000 }).toBe(10)
    expect((await attempt('127.0.0.3', keyPair)).status).toBe(101)
  })
})
