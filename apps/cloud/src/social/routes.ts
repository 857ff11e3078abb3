import {
  errorBodySchema,
  SOCIAL_CALLBACK_PATH,
  SOCIAL_TEXTS,
  socialReauthResultResponseSchema,
  socialReauthStartRequestSchema,
  socialResultRequestSchema,
  socialResultResponseSchema,
  socialStartRequestSchema,
  socialStartResponseSchema,
} from '@allaccess/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type EmbeddedService, keepToFrame, proofOf, sessionAuthOf } from '../embedded/index.js'
import { clientQuerySchema } from '../http/client.js'
import { HttpError } from '../http/errors.js'
import { messagePage } from '../http/html.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { completionPage } from './callback-page.js'
import { readAppleUserName } from './profiles.js'
import type { SocialService } from './service.js'

type Options = { projects: ProjectStore; social: SocialService; embedded: EmbeddedService }

/** The callback's query: whatever the provider sends, bounded. */
const callbackQuery = z.record(z.string().max(64), z.string().max(4096))

/** The largest form_post callback read: a code, a state and Apple's `user` JSON are well under 2 KB. */
const CALLBACK_FORM_MAX_BYTES = 16 * 1024
const responseField = z.string().max(4096).optional()
/** The form_post callback's fields the cloud reads; any other is dropped. */
const callbackForm = z.object({
  code: responseField,
  state: responseField,
  error: responseField,
  error_description: responseField,
  iss: responseField,
  user: z.string().max(CALLBACK_FORM_MAX_BYTES).optional(),
})

/**
 * Social login's routes (apps/cloud/README.md#social-login): the frame starts an attempt and collects its
 * result; the provider redirects the popup to the callback.
 */
export const socialRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, social, embedded }) => {
  keepToFrame(app, embedded, [SOCIAL_CALLBACK_PATH])
  app.post(
    '/v1/embedded/social/start',
    {
      schema: {
        tags: ['embedded'],
        description:
          "Get social redirect URI: the provider's authorization URL for the popup (authorization code, " +
          'PKCE, state; nonce for OpenID Connect) and the secret that collects the result (the frame keeps it). 404 ' +
          'social_not_configured for a provider without an app; 403 origin_not_allowed when `hostOrigin` is not ' +
          "on the project's allowlist; 401 without a proof of the device key in `x-device-key` and " +
          '`x-device-proof` (the attempt is bound to that key: only it collects the result); 503 ' +
          'social_unavailable when its discovery document or token endpoint ' +
          'cannot be reached; 429 ' +
          'past 60 starts a minute from one client address.',
        querystring: clientQuerySchema,
        body: socialStartRequestSchema,
        response: { 200: socialStartResponseSchema, ...refusals, 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects, 'social_login')
      return social.start(request.body, project, proofOf(request), request.headers.origin, request.ip)
    },
  )

  /**
   * The callback's answer, for either mode: the completion page (its one script allowed by its hash), or the
   * refusal as a page for a browser and as `{ code, message }` for other clients.
   */
  async function answerCallback(
    request: FastifyRequest,
    reply: FastifyReply,
    callingBack: () => Promise<{ frameOrigin: string; completion: string }>,
  ) {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const page = (scriptHash: string) =>
      reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptHash}`,
        )
        .type('text/html; charset=utf-8')
    let done: { frameOrigin: string; completion: string }
    try {
      done = await callingBack()
    } catch (error) {
      if (!(error instanceof HttpError) || !request.headers.accept?.includes('text/html')) throw error
      return page("'none'").code(error.statusCode).send(messagePage(SOCIAL_TEXTS.failed, error.message))
    }
    const { html, scriptSource } = completionPage(done.frameOrigin, done.completion)
    return page(scriptSource).send(html)
  }

  const CALLBACK =
    'checks the state (once), exchanges the code with ' +
    'its PKCE verifier and verifies the ID token (OpenID Connect) or reads the user API (OAuth 2.0); a page that posts the completion code to the frame ' +
    "inside the popup's opener (the frame's origin the attempt started from, never the host page), then closes. A browser gets an HTML " +
    'page either way; other clients get `{ code, message }` on a refusal (400 social_bad_callback: ' +
    "unknown, used or expired state, or a callback in another response mode than the provider's; 400 " +
    'social_refused: the provider refused or its tokens did not verify).'

  app.get(
    '/v1/embedded/social/callback',
    {
      schema: {
        tags: ['embedded'],
        description: `The redirect URI registered with every provider, for a provider in the \`query\` response mode: ${CALLBACK}`,
        querystring: callbackQuery,
      },
    },
    (request, reply) =>
      answerCallback(request, reply, () => social.callback(new URLSearchParams(request.query), 'query')),
  )

  // Apple's form_post: the provider's page POSTs a url-encoded form (this route only takes that type here).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CALLBACK_FORM_MAX_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v1/embedded/social/callback',
      {
        schema: {
          tags: ['embedded'],
          description:
            'The same redirect URI for a provider in the `form_post` response mode (Sign in with Apple asking ' +
            'for the name or e-mail): the response as a url-encoded form (at most 16 KB; other fields ' +
            "ignored), with Apple's `user` JSON on a first sign-in, whose name names the user when the ID " +
            `token has none. ${CALLBACK}`,
          body: callbackForm,
        },
      },
      (request, reply) => {
        const { user, ...response } = request.body
        const params = new URLSearchParams(
          Object.entries(response).filter((entry): entry is [string, string] => entry[1] !== undefined),
        )
        return answerCallback(request, reply, () =>
          social.callback(params, 'form_post', readAppleUserName(user)),
        )
      },
    )
  })

  app.post(
    '/v1/embedded/social/result',
    {
      schema: {
        tags: ['embedded'],
        description:
          "The attempt's result, by the secret `start` gave: `pending` until the callback verified the user. With " +
          '`wait`, held up to 25 s for the callback, then `ready`; without, the session token (given once) and ' +
          'the user for the `completion` code the callback posted to the frame (`ready` without one), ' +
          'bound to the device key the request names in `x-device-key` and proves in `x-device-proof` (401 ' +
          'otherwise), which must be the key that started the attempt, and to this project. ' +
          '400 social_bad_callback for an unknown secret, one already collected, another key’s attempt or a ' +
          'wrong completion code; 429 past 8 waiting requests at once from one client address. When the ' +
          'provider refused (the visitor cancelled there, or its tokens did not verify): 200 `refused` with ' +
          '`social_refused` and its text, an answer rather than an error.',
        querystring: clientQuerySchema,
        body: socialResultRequestSchema,
        response: { 200: socialResultResponseSchema, ...refusals, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const project = await requireProject(request, projects, 'social_login')
      const gone = new AbortController()
      reply.raw.once('close', () => gone.abort())
      return social.result(request.body, proofOf(request), project.id, gone.signal, request.ip)
    },
  )

  const SESSION =
    'Needs `Authorization: Bearer <session token>` and its device proof in `x-device-proof` (401 when the ' +
    "session is not live or another project's, or the proof is missing, stale, replayed or by another key)."

  app.post(
    '/v1/embedded/reauth/social',
    {
      schema: {
        tags: ['embedded'],
        description:
          "Re-authentication before a key export, for a session signed in with a social provider: the provider's " +
          'authorization URL for the popup, asking for a new login (`prompt=login`, `max_age=0` for OpenID ' +
          'Connect), and the secret that collects the result. Its callback makes the session fresh only for the ' +
          "session's own user at the provider (400 social_other_account for another). 400 for a session of " +
          `another kind (e-mail, Farcaster); 403 origin_not_allowed, 503 social_unavailable as for a sign-in. ${SESSION}`,
        querystring: clientQuerySchema,
        body: socialReauthStartRequestSchema,
        response: { 200: socialStartResponseSchema, ...refusals, 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects, 'social_login')
      return social.startReauth(
        sessionAuthOf(request, project.id),
        request.body.hostOrigin,
        project.allowedOrigins,
        request.headers.origin,
        request.ip,
      )
    },
  )

  app.post(
    '/v1/embedded/reauth/social/result',
    {
      schema: {
        tags: ['embedded'],
        description:
          "A re-authentication's result, for the session that started it only: `pending`, then `ready` (with " +
          '`wait`, held up to 25 s), then with the `completion` code the callback posted to the opener `fresh` ' +
          'and `freshUntil` (epoch ms; once); 200 `refused` with `social_other_account` when the provider signed in ' +
          'another user (`social_refused` when it refused); 400 social_bad_callback for an unknown, used or ' +
          `another session's secret. ${SESSION}`,
        querystring: clientQuerySchema,
        body: socialResultRequestSchema,
        response: { 200: socialReauthResultResponseSchema, ...refusals, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const project = await requireProject(request, projects, 'social_login')
      const gone = new AbortController()
      reply.raw.once('close', () => gone.abort())
      return social.reauthResult(sessionAuthOf(request, project.id), request.body, gone.signal, request.ip)
    },
  )
}
