import {
  errorBodySchema,
  holdersAreaSchema,
  parseOrigin,
  siwxMessageRequestSchema,
  siwxMessageSchema,
  siwxSessionCreatedSchema,
  siwxSessionListSchema,
  siwxSessionRequestSchema,
} from '@allaccess/protocol'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerOf } from '../http/bearer.js'
import { clientQuerySchema } from '../http/client.js'
import { OriginNotAllowedError } from '../http/errors.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { MESSAGE_BODY_LIMIT, NONCE_TTL_MS, SESSION_BODY_LIMIT, SESSION_MAX_TTL_MS } from './limits.js'
import type { LiveSiwxSession, SignInRequest, SiwxService } from './service.js'

type Options = { projects: ProjectStore; siwx: SiwxService }

const SESSION = 'Needs `Authorization: Bearer <token>` of a live session (401 otherwise).'
const ORIGIN =
  'Browser only: the `Origin` must be one of the project’s allowed origins (403 `origin_not_allowed`).'
const upstreamDown = { 503: errorBodySchema }

/**
 * Sign in with the wallet and the holders' area (apps/cloud/README.md#sign-in-with-the-wallet), called by the
 * modal with `projectId` like every client route.
 */
export const siwxRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, siwx }) => {
  /** The project and the allowed browser origin a message is bound to; no origin, no sign-in. */
  const signInRequest = async (request: FastifyRequest): Promise<SignInRequest> => {
    const project = await requireProject(request, projects)
    const { origin } = request.headers
    if (origin === undefined || !parseOrigin(origin)) throw new OriginNotAllowedError()
    const url = new URL(origin)
    return { projectId: project.id, origin: url.origin, domain: url.host, clientKey: request.ip }
  }
  const signedIn = async (request: FastifyRequest): Promise<LiveSiwxSession> => {
    const project = await requireProject(request, projects)
    return siwx.session(project.id, bearerOf(request))
  }

  app.post(
    '/auth/v1/siwx/message',
    {
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: {
        tags: ['siwx'],
        description:
          'Sign-in flow, step 1: the fields of an EIP-4361 message for `chainId` (CAIP-2, a chain the ' +
          'cloud serves, else 400 `siwx_chain_not_served`). `domain` and `uri` are the request’s origin; the ' +
          `nonce works once, within ${NONCE_TTL_MS / 60_000} minutes; \`expirationTime\` is ` +
          `${SESSION_MAX_TTL_MS / 3_600_000} h after \`issuedAt\`: the session's end. A non-empty ` +
          `\`accountAddress\` must be the one that signs. ${ORIGIN}`,
        querystring: clientQuerySchema,
        body: siwxMessageRequestSchema,
        response: { 200: siwxMessageSchema, ...refusals },
      },
    },
    async (request) => siwx.issue(await signInRequest(request), request.body),
  )

  app.post(
    '/auth/v1/siwx/sessions',
    {
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags: ['siwx'],
        description:
          'Signs in: `message` is the EIP-4361 text of an issued message with the signing account, `signature` ' +
          'its EIP-191 signature (EOA, ERC-1271 or ERC-6492, checked on the message’s chain). 201: the session ' +
          'and its bearer token (shown once). The nonce is used up by the first attempt that names it, whatever ' +
          'the outcome. Refusals: 400 `siwx_invalid_message`, `siwx_invalid_nonce` (unknown or used), ' +
          '`siwx_expired`, `siwx_message_mismatch` (not as issued), `siwx_chain_not_served`; 403 ' +
          '`siwx_domain_mismatch` (made for another origin); 401 `siwx_invalid_signature`; 503 when the ' +
          `chain's node is down. ${ORIGIN}`,
        querystring: clientQuerySchema,
        body: siwxSessionRequestSchema,
        response: { 201: siwxSessionCreatedSchema, ...refusals, ...upstreamDown },
      },
    },
    async (request, reply) => {
      const from = await signInRequest(request)
      return reply.code(201).send(await siwx.signIn(from, request.body))
    },
  )

  app.get(
    '/auth/v1/siwx/sessions',
    {
      schema: {
        tags: ['siwx'],
        description: `The live sessions of the token’s account in the project, newest first; \`current\` marks the token’s own. ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: siwxSessionListSchema, ...refusals },
      },
    },
    async (request) => ({ sessions: await siwx.list(await signedIn(request)) }),
  )

  app.delete(
    '/auth/v1/siwx/sessions/:id',
    {
      schema: {
        tags: ['siwx'],
        description: `Sign-out: ends the session \`id\` of the token’s account (its own, or another of the same account; 404 otherwise). 204; the ended token is 401 everywhere after. ${SESSION}`,
        querystring: clientQuerySchema,
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null().describe('Signed out'), ...refusals, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await siwx.revoke(await signedIn(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/holders/v1/area',
    {
      schema: {
        tags: ['siwx'],
        description: `The holders’ area: the members-only content for an account that holds an All-Access Pass, counted on chain by the cloud each time (\`content: null\` and \`passes: 0\` otherwise: an answer, not a refusal; 503 when the chain’s node is down). ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: holdersAreaSchema, ...refusals, ...upstreamDown },
      },
    },
    async (request) => siwx.holdersArea(await signedIn(request)),
  )
}
