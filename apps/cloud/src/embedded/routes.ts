// Long because the e-mail, approval, session, shares and update routes share one request guard and error map;
// to split per flow next.
import {
  DEVICE_KEY_HEADER,
  DEVICE_PROOF_HEADER,
  deviceWaitRequestSchema,
  deviceWaitResponseSchema,
  EMBEDDED_TEXTS,
  emailConnectRequestSchema,
  emailConnectResponseSchema,
  emailUpdateRequestSchema,
  emailUpdateResponseSchema,
  emailVerifyRequestSchema,
  emailVerifyResponseSchema,
  embeddedSessionSchema,
  embeddedUserSchema,
  enrolRequestSchema,
  enrolResponseSchema,
  errorBodySchema,
  keySharesSchema,
  otpRequestSchema,
  storedSharesSchema,
} from '@allaccess/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { OriginNotAllowedError } from '../http/errors.js'
import { messagePage } from '../http/html.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { approvalPage } from './approval-page.js'
import { proofOf, sessionAuthOf } from './device-proof.js'
import { enrolmentRoutes } from './enrolment-routes.js'
import { keepToFrame } from './frame-only.js'
import { DEVICE_APPROVAL_TTL_MS } from './limits.js'
import type { EmbeddedService, LiveSession } from './service.js'

type Options = { projects: ProjectStore; embedded: EmbeddedService }

/** The approval link's page: a browser opens it, so it is no route of the frame's. */
const DEVICE_APPROVE_PATH = '/v1/embedded/device/approve'

/** The small page the approval link opens. */
const conflict = { 409: errorBodySchema }
const notFound = { 404: errorBodySchema }
const mailDown = { 503: errorBodySchema }
const forbidden = { 403: errorBodySchema }
const SESSION =
  "Needs `Authorization: Bearer <session token>` and a proof of the session's device key in " +
  `\`${DEVICE_PROOF_HEADER}\` (401 when the session is not live, is another project's, or the proof is missing, ` +
  'stale, replayed or by another key).'
const BINDS =
  `The request names the device's public key in \`${DEVICE_KEY_HEADER}\` and proves it in ` +
  `\`${DEVICE_PROOF_HEADER}\` (401 otherwise): the session is bound to that key and this project.`

/**
 * The embedded wallet's routes (apps/cloud/README.md#embedded-wallet), called by the embedded-wallet frame with
 * `projectId` like every client route and, once signed in, its session token.
 */
export const embeddedRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, embedded }) => {
  keepToFrame(app, embedded, [DEVICE_APPROVE_PATH])
  const signedIn = async (request: FastifyRequest): Promise<LiveSession> => {
    const project = await requireProject(request, projects)
    return embedded.session(sessionAuthOf(request, project.id))
  }
  const siteOf = async (request: FastifyRequest, site: string | undefined) => {
    if (site === undefined) return null
    const project = await requireProject(request, projects)
    if (!embedded.admitsHost(project.allowedOrigins, site)) throw new OriginNotAllowedError()
    return site
  }
  await app.register(enrolmentRoutes, { enrolments: embedded.enrolments, signedIn, siteOf })

  app.post(
    '/v1/embedded/email/connect',
    {
      schema: {
        tags: ['embedded'],
        description:
          'E-mail connect. VERIFY_OTP: a code was e-mailed, whether or not the address has an account. CONNECT: ' +
          'the bearer token is a live session of this e-mail on this device, nothing sent. 429 "Please try ' +
          'again after {n} seconds" within the wait after the last code e-mail to the address (30 s, doubling ' +
          'after the 3rd of its day), past its codes or wrong codes of the day, or past the per-client-address limit.',
        querystring: clientQuerySchema,
        body: emailConnectRequestSchema,
        response: { 200: emailConnectResponseSchema, ...refusals, ...mailDown },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects)
      const { email, deviceId } = request.body
      const auth = sessionAuthOf(request, project.id)
      return { action: await embedded.connect(email, deviceId, auth, request.ip) }
    },
  )

  const sendPage = (reply: FastifyReply, page: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(page)
  const notApproved = () =>
    messagePage(EMBEDDED_TEXTS.deviceNotApproved, EMBEDDED_TEXTS.deviceNotApprovedDetail)
  const approveQuery = z.object({ token: z.string().max(200).optional() })

  // Opening the link only asks: mail scanners and link previews open links, and must not approve a device.
  app.get(
    DEVICE_APPROVE_PATH,
    {
      schema: {
        tags: ['embedded'],
        description: `The link of the device-approval e-mail: a page asking the user to approve the device it names (device, browser, network, time; a button that posts back), valid once, within ${DEVICE_APPROVAL_TTL_MS / 60_000} minutes. Opening it approves nothing. An HTML page that no page may frame.`,
        querystring: approveQuery,
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? ''
      const asked = await embedded.approvalRequest(token)
      return sendPage(reply, asked ? approvalPage(token, asked) : notApproved())
    },
  )

  // The page's button posts an empty form (the token is in the URL): that one route takes the form's type.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      DEVICE_APPROVE_PATH,
      {
        schema: {
          tags: ['embedded'],
          description:
            'The approval page’s button: approves the device of the link’s token, once. An HTML page saying so.',
          querystring: approveQuery,
        },
      },
      async (request, reply) => {
        const approved = await embedded.approveDevice(request.query.token ?? '')
        return sendPage(
          reply,
          approved
            ? messagePage(EMBEDDED_TEXTS.deviceApproved, EMBEDDED_TEXTS.deviceApprovedDetail)
            : notApproved(),
        )
      },
    )
  })

  app.post(
    '/v1/embedded/device/wait',
    {
      schema: {
        tags: ['embedded'],
        description:
          'Long poll after VERIFY_DEVICE, with the ticket `email/verify` gave this device: `{ approved: true, ' +
          'sessionToken, user }` once the link was approved (once per ticket), else `{ approved: false }` after ' +
          `at most 25 s: ask again. ${BINDS}`,
        querystring: clientQuerySchema,
        body: deviceWaitRequestSchema,
        response: { 200: deviceWaitResponseSchema, ...refusals, ...mailDown },
      },
    },
    async (request, reply) => {
      const project = await requireProject(request, projects)
      const binding = await embedded.bindDevice(proofOf(request), project.id)
      const gone = new AbortController()
      reply.raw.once('close', () => gone.abort())
      const { deviceId, ticket } = request.body
      const session = await embedded.waitForApproval(deviceId, ticket, binding, gone.signal)
      return session ? { approved: true as const, ...session } : { approved: false as const }
    },
  )

  app.post(
    '/v1/embedded/email/verify',
    {
      schema: {
        tags: ['embedded'],
        description:
          'Checks the sign-in code sent to this e-mail for this device: a session token (keep it in the frame) ' +
          'and the user (`address` null until a wallet is stored); for a known user on a new device, ' +
          '`{ action: "VERIFY_DEVICE", ticket }`: an approval link was e-mailed, and `device/wait` with the ' +
          'ticket gives the session once it is approved. Wrong, expired and dead codes (5 wrong tries) each ' +
          `have their own code and text. ${BINDS}`,
        querystring: clientQuerySchema,
        body: emailVerifyRequestSchema,
        response: { 200: emailVerifyResponseSchema, ...refusals, ...mailDown },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects)
      const binding = await embedded.bindDevice(proofOf(request), project.id)
      const { email, deviceId, otp } = request.body
      return embedded.verifySignIn(
        email,
        deviceId,
        otp,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        binding,
      )
    },
  )

  app.get(
    '/v1/embedded/session',
    {
      schema: {
        tags: ['embedded'],
        description: `The session's user, expiry and \`freshUntil\` (set by a verified reauth code). ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: embeddedSessionSchema, ...refusals },
      },
    },
    async (request) => embedded.describe(await signedIn(request)),
  )

  app.post(
    '/v1/embedded/session/revoke',
    {
      schema: {
        tags: ['embedded'],
        description: `Sign-out: revokes the caller's session token. ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: z.object({ revoked: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      await embedded.revoke(await signedIn(request))
      return { revoked: true as const }
    },
  )

  app.post(
    '/v1/embedded/session/revoke-all',
    {
      schema: {
        tags: ['embedded'],
        description: `Sign out everywhere: revokes every session of the caller's user, on every device, this one too. ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: z.object({ revoked: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      await embedded.revokeAll(await signedIn(request))
      return { revoked: true as const }
    },
  )

  app.put(
    '/v1/embedded/shares',
    {
      schema: {
        tags: ['embedded'],
        description:
          "Stores the wallet's address, auth share and recovery share (encrypted at rest), once per user: 409 " +
          `when the user already has a wallet. ${SESSION}`,
        querystring: clientQuerySchema,
        body: keySharesSchema,
        response: { 200: z.object({ address: z.string() }), ...refusals, ...conflict },
      },
    },
    async (request) => {
      return { address: await embedded.keyShares.store(await signedIn(request), request.body) }
    },
  )

  app.get(
    '/v1/embedded/shares',
    {
      schema: {
        tags: ['embedded'],
        description: `The wallet's address and auth share, for a device that holds its own share; \`{ address: null }\` before a wallet is stored. ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: storedSharesSchema, ...refusals },
      },
    },
    async (request) => embedded.keyShares.authShare(await signedIn(request)),
  )

  app.post(
    '/v1/embedded/shares/enrol',
    {
      schema: {
        tags: ['embedded'],
        description:
          "A device's enrolment: the auth share and the recovery share sealed to `enrolKey` (ECDH P-256, " +
          'HKDF-SHA-256, AES-256-GCM), once per grant: a sign-in on a new device or a fresh re-authentication ' +
          `grants one. 403 without a live grant, 404 before a wallet is stored. ${SESSION}`,
        querystring: clientQuerySchema,
        body: enrolRequestSchema,
        response: { 200: enrolResponseSchema, ...refusals, ...notFound, ...forbidden },
      },
    },
    async (request) => embedded.keyShares.enrol(await signedIn(request), request.body.enrolKey),
  )

  app.post(
    '/v1/embedded/email/update',
    {
      schema: {
        tags: ['embedded'],
        description: `E-mail update, step 1: a code to the current address (VERIFY_PRIMARY_OTP); 409 when the new e-mail is another user's. ${SESSION}`,
        querystring: clientQuerySchema,
        body: emailUpdateRequestSchema,
        response: { 200: emailUpdateResponseSchema, ...refusals, ...conflict, ...mailDown },
      },
    },
    async (request) => {
      const session = await signedIn(request)
      return { action: await embedded.startEmailUpdate(session, request.body.newEmail, request.ip) }
    },
  )

  app.post(
    '/v1/embedded/email/update/verify-primary',
    {
      schema: {
        tags: ['embedded'],
        description: `E-mail update, step 2: the current address's code; a code goes to the new address (VERIFY_SECONDARY_OTP). ${SESSION}`,
        querystring: clientQuerySchema,
        body: otpRequestSchema,
        response: { 200: emailUpdateResponseSchema, ...refusals, ...conflict, ...mailDown },
      },
    },
    async (request) => {
      const session = await signedIn(request)
      return { action: await embedded.verifyPrimary(session, request.body.otp, request.ip) }
    },
  )

  app.post(
    '/v1/embedded/email/update/verify-secondary',
    {
      schema: {
        tags: ['embedded'],
        description: `E-mail update, step 3: the new address's code; the e-mail changes and every other session of the user ends. ${SESSION}`,
        querystring: clientQuerySchema,
        body: otpRequestSchema,
        response: { 200: z.object({ user: embeddedUserSchema }), ...refusals, ...conflict },
      },
    },
    async (request) => {
      const session = await signedIn(request)
      return { user: await embedded.verifySecondary(session, request.body.otp) }
    },
  )

  app.post(
    '/v1/embedded/reauth',
    {
      schema: {
        tags: ['embedded'],
        description: `Sends a fresh code to the session's e-mail (before a key export). ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: z.object({ action: z.literal('VERIFY_OTP') }), ...refusals, ...mailDown },
      },
    },
    async (request) => {
      await embedded.startReauth(await signedIn(request), request.ip)
      return { action: 'VERIFY_OTP' as const }
    },
  )

  app.post(
    '/v1/embedded/reauth/verify',
    {
      schema: {
        tags: ['embedded'],
        description: `Checks the reauth code: the session is fresh until \`freshUntil\` (epoch ms). ${SESSION}`,
        querystring: clientQuerySchema,
        body: otpRequestSchema,
        response: { 200: z.object({ freshUntil: z.number() }), ...refusals },
      },
    },
    async (request) => {
      const session = await signedIn(request)
      return { freshUntil: await embedded.verifyReauth(session, request.body.otp) }
    },
  )
}
