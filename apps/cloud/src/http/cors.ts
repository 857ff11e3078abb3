import { CLOUD_TIME_HEADER, DEVICE_KEY_HEADER, DEVICE_PROOF_HEADER } from '@allaccess/protocol'
import cors from '@fastify/cors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OriginNotAllowedError } from './errors.js'

export type CorsPolicy = (request: FastifyRequest) => Promise<boolean>

const BASE = {
  // PUT, authorization and the device headers: the embedded wallet's frame stores its shares with its session
  // token, each request signed by its device key. DELETE: sign-out
  // of a wallet sign-in session, with its bearer token.
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowedHeaders: [
    'content-type',
    'authorization',
    'x-project-id',
    'x-sdk-type',
    'x-sdk-version',
    CLOUD_TIME_HEADER,
    DEVICE_KEY_HEADER,
    DEVICE_PROOF_HEADER,
  ],
  exposedHeaders: [
    'retry-after',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    CLOUD_TIME_HEADER,
  ],
  maxAge: 600,
}

const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' &&
  request.headers.origin !== undefined &&
  request.headers['access-control-request-method'] !== undefined

/**
 * CORS from the project allowlists: an allowed origin is echoed, any other gets no CORS headers, and its
 * pre-flight the same 403 `Unauthorized: origin not allowed` as its requests would get.
 */
export async function registerCors(app: FastifyInstance, allows: CorsPolicy): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const answer = (allowed: boolean) => {
        if (!allowed && isPreflight(request)) return callback(new OriginNotAllowedError())
        callback(null, { ...BASE, origin: allowed ? (request.headers.origin ?? false) : false })
      }
      allows(request).then(answer, () => answer(false))
    },
  })
}

/**
 * Lets a browser read why it was refused (401 invalid key, 403 origin, 429 throttle): the modal turns
 * those texts into its alerts (docs/behaviour.md#configuration). The answers carry nothing but the message.
 */
export function exposeRefusal(request: FastifyRequest, reply: FastifyReply): void {
  const { origin } = request.headers
  // A refused pre-flight stays without CORS headers: the browser then sends nothing.
  if (origin === undefined || isPreflight(request) || reply.hasHeader('access-control-allow-origin')) return
  reply.header('access-control-allow-origin', origin)
  reply.header('access-control-expose-headers', BASE.exposedHeaders.join(', '))
  reply.header('vary', 'Origin')
}
