import { connect, type Socket } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { closeGracefully } from './close-gracefully.js'

const GRACE_MS = 300
let app: FastifyInstance
const sockets: Socket[] = []
/** Resolves when the slow route has its request: the server holds it in flight from then. */
let arrived: () => void = () => {}

afterEach(() => {
  for (const socket of sockets) socket.destroy()
})

async function listening(): Promise<{ port: number; close: () => Promise<void> }> {
  app = Fastify()
  app.get('/slow', async () => {
    arrived()
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS / 3))
    return { ok: true }
  })
  const close = closeGracefully(app, GRACE_MS)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (typeof address !== 'object' || !address) throw new Error('not listening')
  return { port: address.port, close }
}

/** A raw connection that sends nothing, like a browser's preconnect. */
function silentConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket))
    socket.once('error', reject)
    sockets.push(socket)
  })
}

describe('closeGracefully', () => {
  it('stops within the grace although a connection never sent a byte, and cuts that connection', async () => {
    const { port, close } = await listening()
    const silent = await silentConnection(port)
    const cut = new Promise<void>((resolve) => silent.once('close', () => resolve()))
    const started = performance.now()
    await close()
    expect(performance.now() - started).toBeLessThan(GRACE_MS * 10)
    await cut
    expect(app.server.listening).toBe(false)
  })

  it('lets a request in flight finish within the grace', async () => {
    const { port, close } = await listening()
    // Closed once the request is in flight (a fixed wait lost the race on a loaded machine: a 503 from a closing server).
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const response = fetch(`http://127.0.0.1:${port}/slow`)
    await inFlight
    await close()
    const answered = await response
    expect(answered.status).toBe(200)
    expect(await answered.json()).toEqual({ ok: true })
  })
})
