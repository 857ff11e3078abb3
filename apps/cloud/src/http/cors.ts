import cors from '@fastify/cors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export type CorsPolicy = (request: FastifyRequest) => Promise<boolean>

const BASE = {
  methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  allowedHeaders: ['content-type', 'x-project-id', 'x-sdk-type', 'x-sdk-version'],
  exposedHeaders: ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
  maxAge: 600,
}

/** CORS from the project allowlists: an allowed origin is echoed, any other gets no CORS headers. */
export async function registerCors(app: FastifyInstance, allows: CorsPolicy): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      allows(request).then(
        (allowed) => callback(null, { ...BASE, origin: allowed ? (request.headers.origin ?? false) : false }),
        () => callback(null, { ...BASE, origin: false }),
      )
    },
  })
}

/**
 * Lets a browser read why it was refused (401 invalid key, 403 origin, 429 throttle): the modal turns
 * those texts into its alerts (spec §8). The answers carry nothing but the message.
 */
export function exposeRefusal(request: FastifyRequest, reply: FastifyReply): void {
  const { origin } = request.headers
  if (origin === undefined || reply.hasHeader('access-control-allow-origin')) return
  reply.header('access-control-allow-origin', origin)
  reply.header('access-control-expose-headers', BASE.exposedHeaders.join(', '))
  reply.header('vary', 'Origin')
}
