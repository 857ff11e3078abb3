import type { FastifyRequest } from 'fastify'

const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/

/** The session token of `Authorization: Bearer <token>` (32 bytes, base64url); undefined for anything else. */
export const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined
}
