import { errorBodySchema, FARCASTER_CHANNEL_TTL_MS, FARCASTER_RELAY_KEY_HEADER } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerOf } from '../http/bearer.js'
import {
  AUTHENTICATE_BODY_LIMIT,
  BAD_APPROVALS_PER_CHANNEL,
  BAD_APPROVALS_WINDOW_MS,
  CHANNEL_BODY_LIMIT,
  CHANNELS_PER_CLIENT,
  FARCASTER_RELAY_PREFIX,
  MESSAGE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from './limits.js'
import type { FarcasterService } from './service.js'

type Options = { farcaster: FarcasterService }

const httpUrl = z.url({ protocol: /^https?$/ }).max(URL_MAX_LENGTH)
const time = z.iso.datetime({ offset: true })
const text = (max: number) => z.string().max(max)

const channelRequestSchema = z.object({
  siweUri: httpUrl.describe('The URI the message must carry (the signing-in site)'),
  domain: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/, 'a host, with an optional port')
    .describe('The domain the message must carry'),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{8,128}$/, '8 to 128 letters and digits')
    .optional()
    .describe('Default: a fresh random one'),
  notBefore: time.optional(),
  expirationTime: time.optional(),
  requestId: text(256).optional(),
  redirectUrl: httpUrl.optional(),
  acceptAuthAddress: z.boolean().optional().describe('Accepted and ignored: only custody addresses sign in'),
})

const channelCreatedSchema = z.object({
  channelToken: z.string(),
  url: z.string(),
  connectUri: z.string(),
  nonce: z.string(),
})

const approvalSchema = z.object({
  message: text(MESSAGE_MAX_LENGTH),
  signature: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2}){1,8192}$/, '0x and hex bytes') as z.ZodType<`0x${string}`>,
  fid: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  username: text(256).optional(),
  bio: text(1024).optional(),
  displayName: text(256).optional(),
  pfpUrl: httpUrl.optional(),
  verifications: z.array(text(256)).max(50).optional(),
})

const statusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  url: z.string(),
  signatureParams: channelRequestSchema.omit({ acceptAuthAddress: true }).partial(),
  message: z.string().optional(),
  signature: z.string().optional(),
  authMethod: z.literal('custody').optional(),
  fid: z.number().optional(),
  username: z.string().optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.string().optional(),
  verifications: z.array(z.string()).optional(),
  custody: z.string().optional(),
})

/** The approval's answer: a channel of the embedded wallet's sign-in adds the code the app shows its approver. */
const approvedSchema = statusSchema.extend({
  completion: z
    .string()
    .optional()
    .describe(
      "The embedded wallet's sign-in: the one-time code the Farcaster app shows the approver, to type where the link was shown",
    ),
})

const BEARER = 'Needs `Authorization: Bearer <channelToken>`; an unknown, expired or used channel is 401.'

/**
 * The Sign In With Farcaster relay (apps/cloud/README.md#sign-in-with-farcaster), at the paths and in the shapes
 * @farcaster/auth-client's app and wallet clients use. Public: any origin, no project (the clients send none).
 */
export const farcasterRoutes: FastifyPluginAsyncZod<Options> = async (app, { farcaster }) => {
  app.post(
    FARCASTER_RELAY_PREFIX,
    {
      bodyLimit: CHANNEL_BODY_LIMIT,
      schema: {
        tags: ['farcaster'],
        description:
          'Opens a channel for a Sign In With Farcaster request. 201: its token, the link for the Farcaster app ' +
          `(QR code) and the nonce. It lives ${FARCASTER_CHANNEL_TTL_MS / 60_000} minutes; one client keeps at ` +
          `most ${CHANNELS_PER_CLIENT} (a new one ends its oldest).`,
        body: channelRequestSchema,
        response: { 201: channelCreatedSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { acceptAuthAddress: _ignored, ...ask } = request.body
      return reply.code(201).send(farcaster.createChannel(ask, request.ip))
    },
  )

  app.get(
    `${FARCASTER_RELAY_PREFIX}/status`,
    {
      schema: {
        tags: ['farcaster'],
        description:
          `202 \`pending\` until the Farcaster app approves, then 200 \`completed\` with the signed message and the ` +
          `profile (\`username\`: the ID registry's for the fid, \`!<fid>\` when it names none; never the ` +
          `approval's claim). A refused approval leaves the channel pending. ${BEARER}`,
        response: { 200: statusSchema, 202: statusSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const status = farcaster.status(bearerOf(request))
      return reply.code(status.state === 'completed' ? 200 : 202).send(status)
    },
  )

  app.post(
    `${FARCASTER_RELAY_PREFIX}/authenticate`,
    {
      bodyLimit: AUTHENTICATE_BODY_LIMIT,
      schema: {
        tags: ['farcaster'],
        description:
          `The Farcaster app approves (header \`${FARCASTER_RELAY_KEY_HEADER}\`: the shared relay key, else 401). ` +
          'The cloud checks the message (the channel’s domain, URI, nonce and request id, one fid, in time) and ' +
          'that the fid’s custody address on the ID registry signed it. 201: the completed status. Refusals: 400 ' +
          '`farcaster_invalid_message`, `farcaster_message_mismatch`, `farcaster_expired`; 401 ' +
          '`farcaster_invalid_signature`, each answered to its sender only: the channel stays pending for the ' +
          `right approval (past ${BAD_APPROVALS_PER_CHANNEL} refused ones in ${BAD_APPROVALS_WINDOW_MS / 1000} s, 429 ` +
          'unchecked); 409 when ' +
          "already approved; 503 when the registry's node is down (the channel stays pending). The username is " +
          "the registry's, not the body's. A channel of the embedded wallet's " +
          'sign-in answers `completion` too: the code the app shows its approver, who types it into the page ' +
          `that showed the link (the status never carries it). ${BEARER}`,
        body: approvalSchema,
        response: {
          201: approvedSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[FARCASTER_RELAY_KEY_HEADER]
      const { authMethod: _custodyOnly, ...approval } = request.body
      const status = await farcaster.authenticate(
        bearerOf(request),
        typeof key === 'string' ? key : undefined,
        approval,
      )
      return reply.code(201).send(status)
    },
  )
}
