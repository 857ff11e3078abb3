import { createHash } from 'node:crypto'
import { errorBodySchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError, NotFoundError } from '../http/errors.js'
import type { VerifyService } from './service.js'

type Options = { verify: VerifyService }

/** The clients' ids are sha256 hashes (of the encrypted message, and of the payload) in hex. */
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits')
const originSchema = z
  .string()
  .max(300)
  .refine((value) => URL.canParse(value) && new URL(value).origin === value, 'expected an origin')
const publicKeySchema = z.object({
  publicKey: z.object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    ext: z.literal(true),
    key_ops: z.tuple([z.literal('verify')]),
  }),
  expiresAt: z.number().int(),
})

/**
 * Where the routes are: under `/verify` (the cloud's own), and at the root as WalletConnect's Verify host serves
 * them (`/v3/...`), for a site that maps that host to the cloud.
 */
const VERIFY_PREFIXES = ['/verify/v3', '/v3'] as const

/**
 * What a browser says of a request for the attestation page when one of its pages loads it in a frame: the
 * destination (`Sec-Fetch-Dest`) and the page's relation to the cloud (`Sec-Fetch-Site`; never `same-origin`,
 * the cloud's own pages, nor `none`, a typed address).
 */
const FRAME_DEST = 'iframe'
const FRAMING_SITES: readonly string[] = ['cross-site', 'same-site']
const NOT_A_FRAME = 'The attestation is given only to a frame of a page of the claimed origin.'

/** Public, credential-free answers that wallets (any origin) read. */
const ANY_ORIGIN = { 'access-control-allow-origin': '*' }

/**
 * The page a dapp loads in a hidden frame: it hands the attestation to its parent, addressed to the
 * claimed origin (the browser delivers it only to a page of that origin), and may be framed only there.
 */
function attestationPage(attestation: string, origin: string): { html: string; csp: string } {
  const message = JSON.stringify({ type: 'verify_attestation', attestation })
  const script = `parent.postMessage(${JSON.stringify(message)},${JSON.stringify(origin)})`.replace(
    /</g,
    '\\u003c',
  )
  const hash = createHash('sha256').update(script).digest('base64')
  return {
    html: `<!doctype html><meta charset="utf-8"><title>Verify</title><script>${script}</script>`,
    csp: `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors ${origin}`,
  }
}

/**
 * WalletConnect Verify (v3, and v2 lookups) for the relay's clients, under `/verify`: point a client's
 * Verify at `<cloud>/verify/v3` (docs/relay.md, "Verify").
 */
export const verifyRoutes: FastifyPluginAsyncZod<Options> = async (app, { verify }) => {
  for (const prefix of VERIFY_PREFIXES) {
    app.get(
      `${prefix}/public-key`,
      {
        schema: {
          tags: ['verify'],
          description:
            'The P-256 key attestations are signed with (JWK), and until when (epoch seconds) to keep it.',
          response: { 200: publicKeySchema },
        },
      },
      async (_request, reply) => {
        reply.headers(ANY_ORIGIN)
        return verify.publicKey(Date.now())
      },
    )

    app.get(
      `${prefix}/attestation`,
      {
        schema: {
          tags: ['verify'],
          description:
            "Loaded by a dapp's page in a hidden frame with its own origin: stores the registration of message `id` " +
            "and posts the signed attestation (`{type: 'verify_attestation', attestation}`) to the parent, at that " +
            "origin only. `isVerified` when the origin is on the project's allowlist. 403 (nothing stored, no " +
            `attestation) unless the browser says it loads a frame (\`Sec-Fetch-Dest: ${FRAME_DEST}\`) for a ` +
            `page of another origin (\`Sec-Fetch-Site\`: ${FRAMING_SITES.join(' or ')}). A client outside a ` +
            'browser can send those headers: this is no proof against a phisher with their own HTTP client ' +
            '(docs/relay.md, "Verify").',
          querystring: z.object({
            projectId: z.string().max(200),
            origin: originSchema,
            id: hashSchema,
            decryptedId: hashSchema.optional(),
          }),
          response: { 200: z.string().describe('text/html'), 403: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { 'sec-fetch-dest': dest, 'sec-fetch-site': site } = request.headers
        if (dest !== FRAME_DEST || typeof site !== 'string' || !FRAMING_SITES.includes(site))
          throw new HttpError(403, NOT_A_FRAME)
        const { projectId, origin, id } = request.query
        const attestation = await verify.register({ projectId, origin, id, client: request.ip }, Date.now())
        const page = attestationPage(attestation, origin)
        reply.type('text/html; charset=utf-8').header('content-security-policy', page.csp)
        return page.html
      },
    )
  }

  app.get(
    '/verify/attestation/:id',
    {
      schema: {
        tags: ['verify'],
        description:
          'Verify v2 lookup: the verified origin that registered message `id`, while it holds; else 404.',
        params: z.object({ id: hashSchema }),
        querystring: z.object({ v2Supported: z.string().max(10).optional() }),
        response: { 200: z.object({ origin: z.string(), isScam: z.literal(false) }) },
      },
    },
    async (request, reply) => {
      reply.headers(ANY_ORIGIN)
      const found = await verify.lookup(request.params.id, Date.now())
      if (!found) throw new NotFoundError('No attestation')
      return found
    },
  )
}
