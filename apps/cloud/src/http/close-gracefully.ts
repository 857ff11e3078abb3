import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * How long in-flight requests and open WebSockets get to finish when the cloud stops; then every connection is
 * cut. Without a limit, Node's `server.close()` waits forever for a socket that never sent a byte (a browser's
 * preconnect), which `closeIdleConnections()` does not count as idle.
 */
export const CLOSE_GRACE_MS = 2_000

/**
 * Returns the way to stop `app`: Fastify's close (new connections refused, WebSockets sent a close frame,
 * requests answered), with every socket still open after `graceMs` destroyed, upgraded ones included.
 * Call before `listen`.
 */
export function closeGracefully(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): () => Promise<void> {
  const open = new Set<Socket>()
  app.server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  return async () => {
    const cut = setTimeout(() => {
      for (const socket of open) socket.destroy()
    }, graceMs)
    try {
      await app.close()
    } finally {
      clearTimeout(cut)
    }
  }
}
