import {
  FARCASTER_CHANNEL_TTL_MS,
  farcasterReauthResultResponseSchema,
  farcasterReauthStartRequestSchema,
  farcasterResultRequestSchema,
  farcasterResultResponseSchema,
  farcasterStartRequestSchema,
  farcasterStartResponseSchema,
} from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type EmbeddedService, keepToFrame, proofOf, sessionAuthOf } from '../embedded/index.js'
import { clientQuerySchema } from '../http/client.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import {
  COMPLETION_GUESSES_PER_IP,
  COMPLETION_GUESSES_WINDOW_MS,
  SIGN_IN_WAIT_MAX_MS,
  SIGN_IN_WAITS_PER_IP,
  SIGN_INS_PER_IP,
} from './limits.js'
import type { FarcasterSignIn } from './sign-in.js'

type Options = { projects: ProjectStore; signIn: FarcasterSignIn; embedded: EmbeddedService }

/**
 * The embedded wallet's Sign In With Farcaster (apps/cloud/README.md#sign-in-with-farcaster): the frame starts a
 * sign-in on the cloud's relay and collects its session.
 */
export const farcasterEmbeddedRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { projects, signIn, embedded },
) => {
  keepToFrame(app, embedded, [])
  app.post(
    '/v1/embedded/farcaster/start',
    {
      schema: {
        tags: ['embedded'],
        description:
          'Get Farcaster URI: a Sign In With Farcaster channel whose message names `hostOrigin` (domain ' +
          'and URI), the link for the QR code and the secret that collects the result (the frame keeps it). 403 ' +
          "origin_not_allowed when `hostOrigin` is not on the project's allowlist; 429 past " +
          `${SIGN_INS_PER_IP} starts a minute from one client address. Lives ${FARCASTER_CHANNEL_TTL_MS / 60_000} minutes.`,
        querystring: clientQuerySchema,
        body: farcasterStartRequestSchema,
        response: { 200: farcasterStartResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects)
      return signIn.start(request.body, project, proofOf(request), request.ip)
    },
  )

  app.post(
    '/v1/embedded/farcaster/result',
    {
      schema: {
        tags: ['embedded'],
        description:
          "Connect Farcaster, by the start's secret: `pending` until the Farcaster app's approval is " +
          `verified (with \`wait\`, held up to ${SIGN_IN_WAIT_MAX_MS / 1000} s for it), then \`ready\` until the ` +
          '`completion` code the Farcaster app showed its approver is given, and with it the session token (given ' +
          'once) and the user, signed in as the fid, bound to the device key the request names in `x-device-key` ' +
          'and proves in `x-device-proof` (401 otherwise) and to this project. 400 farcaster_bad_completion for ' +
          'another code (the sign-in ends); 401 farcaster_channel_unknown for an unknown, expired ' +
          'or collected sign-in (a refused approval leaves it pending); 429 past ' +
          `${SIGN_IN_WAITS_PER_IP} waiting requests at once from one client address, or past ` +
          `${COMPLETION_GUESSES_PER_IP} wrong codes in ${COMPLETION_GUESSES_WINDOW_MS / 60_000} minutes from it (the code is then not compared).`,
        querystring: clientQuerySchema,
        body: farcasterResultRequestSchema,
        response: { 200: farcasterResultResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const project = await requireProject(request, projects)
      const gone = new AbortController()
      reply.raw.once('close', () => gone.abort())
      return signIn.result(request.body, proofOf(request), project.id, gone.signal, request.ip)
    },
  )

  const SESSION =
    'Needs `Authorization: Bearer <session token>` and its device proof in `x-device-proof` (401 when the ' +
    "session is not live or another project's, or the proof is missing, stale, replayed or by another key)."

  app.post(
    '/v1/embedded/reauth/farcaster',
    {
      schema: {
        tags: ['embedded'],
        description:
          'Re-authentication before a key export, for a session signed in with Farcaster: a Sign In With Farcaster ' +
          "channel as for a sign-in (its message names `hostOrigin`), bound to the session's fid, with the link for " +
          'the QR code and the secret that collects the result. 400 for a session of another kind (e-mail, ' +
          `social); 403 origin_not_allowed and 429 as for a sign-in. ${SESSION}`,
        querystring: clientQuerySchema,
        body: farcasterReauthStartRequestSchema,
        response: { 200: farcasterStartResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects)
      return signIn.startReauth(
        sessionAuthOf(request, project.id),
        request.body.hostOrigin,
        project.allowedOrigins,
        request.ip,
      )
    },
  )

  app.post(
    '/v1/embedded/reauth/farcaster/result',
    {
      schema: {
        tags: ['embedded'],
        description:
          "A re-authentication's result, for the session that started it only: `pending` until the Farcaster " +
          `app's approval is verified (with \`wait\`, held up to ${SIGN_IN_WAIT_MAX_MS / 1000} s), then \`fresh\` ` +
          "and `freshUntil` (epoch ms; once) when the session's own fid approved. 400 farcaster_other_account " +
          "for another fid's approval (nothing is made fresh; the attempt ends); 401 farcaster_channel_unknown for " +
          "an unknown, expired, used or another session's secret. " +
          SESSION,
        querystring: clientQuerySchema,
        body: farcasterResultRequestSchema,
        response: { 200: farcasterReauthResultResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const project = await requireProject(request, projects)
      const gone = new AbortController()
      reply.raw.once('close', () => gone.abort())
      return signIn.reauthResult(sessionAuthOf(request, project.id), request.body, gone.signal, request.ip)
    },
  )
}
