import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { z } from 'zod'
import { RelayAuthError } from './errors.js'

/** Clocks of clients and relay may differ a little. */
const CLOCK_SKEW_SECONDS = 60

const headerSchema = z.object({ alg: z.literal('EdDSA'), typ: z.literal('JWT') })
const payloadSchema = z.object({
  iss: z.string().startsWith('did:key:z').max(200),
  sub: z.string().max(200),
  aud: z.string().max(2000),
  iat: z.number().int(),
  exp: z.number().int(),
})

/**
 * Checks a client's relay token (EdDSA-signed by its ed25519 key, `@walletconnect/relay-auth`) and
 * returns the client id (`iss`, a did:key that is stable across reconnects). `verifyJWT` checks only the
 * signature, so the lifetime is checked here. Throws RelayAuthError.
 */
export async function verifyClientToken(token: string | undefined, nowSeconds: number): Promise<string> {
  if (!token) throw new RelayAuthError('Missing auth token')
  let decoded: ReturnType<typeof decodeJWT>
  try {
    decoded = decodeJWT(token)
  } catch {
    throw new RelayAuthError('Malformed auth token')
  }
  const header = headerSchema.safeParse(decoded.header)
  const payload = payloadSchema.safeParse(decoded.payload)
  if (!header.success || !payload.success) throw new RelayAuthError('Malformed auth token')
  if (payload.data.exp <= nowSeconds) throw new RelayAuthError('Auth token expired')
  if (payload.data.iat > nowSeconds + CLOCK_SKEW_SECONDS) throw new RelayAuthError('Auth token not yet valid')
  const valid = await verifyJWT(token).catch(() => false)
  if (!valid) throw new RelayAuthError('Invalid auth token signature')
  return payload.data.iss
}
