import { REFUSAL_TEXTS } from '@allaccess/protocol'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { z } from 'zod'
import { RelayAuthError } from './errors.js'
import { CLOCK_SKEW_SECONDS, MAX_TOKEN_LIFETIME_SECONDS } from './limits.js'

const headerSchema = z.object({ alg: z.literal('EdDSA'), typ: z.literal('JWT') })
const payloadSchema = z.object({
  iss: z.string().startsWith('did:key:z').max(200),
  sub: z.string().max(200),
  aud: z.string().max(2000),
  iat: z.number().int(),
  exp: z.number().int(),
})

/** A relay URL as compared with a token's audience: scheme, host and path, no trailing slash. */
function comparable(url: string): string | undefined {
  try {
    const { protocol, host, pathname } = new URL(url)
    return `${protocol}//${host}${pathname.replace(/\/+$/, '')}`
  } catch {
    return undefined
  }
}

export type TokenCheck = {
  nowSeconds: number
  /** This relay's own URL: the clients sign their token for the relay they connect to (`aud`). */
  audience: string
}

/**
 * Checks a client's relay token (EdDSA-signed by its ed25519 key, `@walletconnect/relay-auth`) and
 * returns the client id (`iss`, a did:key that is stable across reconnects). `verifyJWT` checks only the
 * signature, so the audience and the lifetime are checked here. Throws RelayAuthError.
 */
export async function verifyClientToken(token: string | undefined, check: TokenCheck): Promise<string> {
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
  const { iat, exp, aud, iss } = payload.data
  if (exp <= check.nowSeconds) throw new RelayAuthError('Auth token expired')
  if (iat > check.nowSeconds + CLOCK_SKEW_SECONDS) throw new RelayAuthError(REFUSAL_TEXTS.tokenNotYetValid)
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS)
    throw new RelayAuthError(`Auth token lifetime over ${MAX_TOKEN_LIFETIME_SECONDS} seconds`)
  const audience = comparable(aud)
  if (audience === undefined || audience !== comparable(check.audience))
    throw new RelayAuthError('Auth token audience is not this relay')
  const valid = await verifyJWT(token).catch(() => false)
  if (!valid) throw new RelayAuthError('Invalid auth token signature')
  return iss
}
