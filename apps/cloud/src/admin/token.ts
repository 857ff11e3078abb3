import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AdminTokenError } from './errors.js'

/** A fresh admin token: 32 random bytes, URL-safe. */
export function newAdminToken(): string {
  return randomBytes(32).toString('base64url')
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Constant-time comparison: equal-length digests, so neither the content nor the length of `given` leaks. */
export function adminTokenMatches(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given))
}

/** The bearer token of an `Authorization` header, if it has one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer ([\x21-\x7e]{1,512})$/.exec(header)
  return match?.[1]
}

/** Every route of `app` (a plugin's scope) needs `Authorization: Bearer <admin token>`. */
export function requireAdminToken(app: FastifyInstance, adminToken: string): void {
  app.addHook('onRequest', async (request) => {
    const given = bearerToken(request.headers.authorization)
    if (given === undefined || !adminTokenMatches(adminToken, given)) throw new AdminTokenError()
  })
}
