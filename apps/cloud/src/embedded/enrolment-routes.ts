import {
  DEVICE_PROOF_HEADER,
  enrolmentAnswerSchema,
  enrolmentRequestSchema,
  enrolmentStatusSchema,
  errorBodySchema,
  newDevicesSchema,
  RECOVERY_DELAY_MS,
} from '@allaccess/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { refusals } from '../http/schemas.js'
import type { Asker, DeviceEnrolments } from './enrolment.js'
import type { LiveSession } from './service.js'

type Options = {
  enrolments: DeviceEnrolments
  signedIn(request: FastifyRequest): Promise<LiveSession>
  /** The site a new device names, if its project allows it (403 origin_not_allowed otherwise); null for none. */
  siteOf(request: FastifyRequest, site: string | undefined): Promise<string | null>
}

const SESSION = `Needs the session's token and a proof of its device key in \`${DEVICE_PROOF_HEADER}\` (401 otherwise).`
const HOURS = RECOVERY_DELAY_MS / 3_600_000
const askerOf = (request: FastifyRequest, site: string | null = null): Asker => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  site,
})
/** A long poll ends when its client goes away. */
const whileConnected = (reply: FastifyReply) => {
  const gone = new AbortController()
  reply.raw.once('close', () => gone.abort())
  return gone.signal
}

/** New-device approval's routes (docs/embedded-wallet.md#new-device-approval). */
export const enrolmentRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { enrolments, signedIn, siteOf },
) => {
  app.post(
    '/v1/embedded/device/enrolment',
    {
      schema: {
        tags: ['embedded'],
        description:
          'A device without a share of the wallet asks for its enrolment: `granted` (collect the shares with ' +
          '`shares/enrol`, once), `pending` (a device that holds the wallet has been asked: it sees this device, ' +
          'its browser, network and time) or `recovering` (no approval: granted at `recoverAt` unless refused). ' +
          `With \`wait\`, a pending answer is held up to 25 s. \`site\`: the page its frame is embedded in, ` +
          'shown to the approving device (403 when the project does not allow it). 404 before a wallet is stored. ' +
          SESSION,
        querystring: clientQuerySchema,
        body: enrolmentRequestSchema,
        response: { 200: enrolmentStatusSchema, ...refusals, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await signedIn(request)
      return enrolments.status(session, askerOf(request, await siteOf(request, request.body.site)), {
        wait: request.body.wait ?? false,
        signal: whileConnected(reply),
      })
    },
  )

  app.post(
    '/v1/embedded/device/enrolment/recover',
    {
      schema: {
        tags: ['embedded'],
        description:
          `Recovery without another device: the enrolment is granted ${HOURS} hours from now unless a device ` +
          'that holds the wallet refuses it first; an e-mail user is told by e-mail. Asked again, the first ' +
          `time stands. ${SESSION}`,
        querystring: clientQuerySchema,
        response: { 200: enrolmentStatusSchema, ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => enrolments.recover(await signedIn(request), askerOf(request)),
  )

  app.post(
    '/v1/embedded/device/enrolments',
    {
      schema: {
        tags: ['embedded'],
        description:
          'For a device that holds the wallet: the new devices waiting for its approval (none for any other ' +
          `device). With \`wait\`, held up to 25 s until there is one. ${SESSION}`,
        querystring: clientQuerySchema,
        body: enrolmentRequestSchema,
        response: { 200: newDevicesSchema, ...refusals },
      },
    },
    async (request, reply) => ({
      devices: await enrolments.waiting(await signedIn(request), {
        wait: request.body.wait ?? false,
        signal: whileConnected(reply),
      }),
    }),
  )

  app.post(
    '/v1/embedded/device/enrolments/answer',
    {
      schema: {
        tags: ['embedded'],
        description:
          'A device that holds the wallet approves a new device (its session may collect the shares, once) or ' +
          'refuses it (its session ends). 403 for a device that holds no share, 404 for a request no longer ' +
          `waiting. ${SESSION}`,
        querystring: clientQuerySchema,
        body: enrolmentAnswerSchema,
        response: {
          200: z.object({ answered: z.literal(true) }),
          ...refusals,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      await enrolments.answer(await signedIn(request), request.body.id, request.body.approve)
      return { answered: true as const }
    },
  )
}
