import {
  ccipAnswerSchema,
  ccipRequestSchema,
  evmAddressSchema,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  NAME_MIN_LENGTH,
  NAME_REGISTRATIONS_PER_CLIENT_PER_DAY,
  NAME_REGISTRATIONS_PER_DAY,
  NAME_RESERVED_MAX_LENGTH,
  NAME_SUGGESTIONS_COUNT,
  NAME_TEXTS,
  NAME_TTL_SECONDS,
  NAMES_CCIP_GET_PATH,
  NAMES_CCIP_POST_PATH,
  nameEntrySchema,
  nameErrorBodySchema,
  nameRegistrationSchema,
  nameSuggestionsSchema,
  reverseAnswerSchema,
} from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type Address, getAddress, type Hex } from 'viem'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { replyWithError } from '../http/error-handler.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { nameRefused, withReasons } from './errors.js'
import type { CcipGateway } from './gateway.js'
import type { NameService } from './service.js'

type Options = { projects: ProjectStore; names: NameService; gateway: CcipGateway }

/** Every refusal of these routes, each `{ code, message, reasons }`. */
const refusals = Object.fromEntries(
  [400, 401, 403, 404, 409, 429, 503].map((status) => [status, nameErrorBodySchema]),
)
/** Names are ASCII (the rule); anything else is refused before it reaches the database (which refuses NUL). */
const nameParam = z.object({
  name: z
    .string()
    .max(300)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII'),
})
/** `{sender}/{data}.json` of the GET form (a wildcard: `data` outgrows the router's parameter limit). */
const CCIP_GET_TAIL = /^(0x[0-9a-fA-F]{40})\/(0x(?:[0-9a-fA-F]{2})*)\.json$/

export const namesRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, names, gateway }) => {
  // Scoped to this plugin: the modal shows the first reason's description (docs/behaviour.md#names).
  app.setErrorHandler((error, request, reply) => replyWithError(error, request, reply, withReasons))

  app.get(
    '/v1/profile/account/:name',
    {
      schema: {
        tags: ['names'],
        description: `The entry of a name ("alice" or "alice.${names.zone}", any case); 404 when not registered.`,
        params: nameParam,
        querystring: clientQuerySchema,
        response: { 200: nameEntrySchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return names.lookup(request.params.name)
    },
  )

  app.get(
    '/v1/profile/reverse/:address',
    {
      schema: {
        tags: ['names'],
        description: 'The names of an address, oldest first (empty when it has none).',
        params: z.object({ address: evmAddressSchema }),
        querystring: clientQuerySchema,
        response: { 200: reverseAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return names.reverse(request.params.address)
    },
  )

  app.get(
    '/v1/profile/suggestions/:name',
    {
      schema: {
        tags: ['names'],
        description:
          `The name asked for first (\`registered\` true when taken), then up to ${NAME_SUGGESTIONS_COUNT} free ` +
          `alternatives. \`zone\`, when given, must be this cloud's (${names.zone}). Names have at least ` +
          `${NAME_MIN_LENGTH} letters, digits or hyphens.`,
        params: nameParam,
        querystring: clientQuerySchema.extend({ zone: z.string().max(200).optional() }),
        response: { 200: nameSuggestionsSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return names.suggestions(request.params.name, request.query.zone)
    },
  )

  app.post(
    '/v1/profile/account',
    {
      schema: {
        tags: ['names'],
        description:
          '`message` is the JSON `{ name, attributes, timestamp }` (full name, text records, unix seconds) and ' +
          '`signature` its EIP-191 signature by `address` (EOA, ERC-1271 or ERC-6492, checked on the chain of ' +
          `\`coin_type\`, ENSIP-11). Messages older than ${NAME_MESSAGE_MAX_AGE_SECONDS} s are refused. 201 with ` +
          'the new entry; 200 when the owner re-registers its name with new attributes; 409 when the name is ' +
          "taken or the address already has one; 400 'Invalid chainId' for a coin type that is no EVM chain. " +
          `Labels are ENSIP-15-normalised; labels of ${NAME_RESERVED_MAX_LENGTH} characters are reserved and ` +
          `"--" as the 3rd and 4th characters refused (400). A name holds ${NAME_TTL_SECONDS / 86_400} days, ` +
          "renewed by its owner's re-registration; expired, it is free again. 429 past " +
          `${NAME_REGISTRATIONS_PER_CLIENT_PER_DAY} new names a day from one client address or ` +
          `${NAME_REGISTRATIONS_PER_DAY} in all.`,
        querystring: clientQuerySchema,
        body: nameRegistrationSchema,
        response: { 200: nameEntrySchema, 201: nameEntrySchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { entry, created } = await names.register(request.body, request.ip)
      return reply.code(created ? 201 : 200).send(entry)
    },
  )

  const ccipSchema = {
    tags: ['names'],
    description:
      'The CCIP-Read gateway (ERC-3668) of the names resolver: `data` is its `resolve(name, data)` call; the answer ' +
      'is `abi.encode(result, expires, signature)`, signed with NAMES_SIGNER_KEY. Public: no project id.',
    response: { 200: ccipAnswerSchema, ...refusals },
  }
  const answer = async (sender: string, data: string) => ({
    data: await gateway.answer(getAddress(sender) as Address, data as Hex),
  })

  app.get(
    NAMES_CCIP_GET_PATH.replace('{sender}/{data}.json', '*'),
    {
      schema: {
        ...ccipSchema,
        description: `${ccipSchema.description} The path's tail is \`{sender}/{data}.json\` (ERC-3668's GET form).`,
      },
    },
    async (request) => {
      const match = CCIP_GET_TAIL.exec((request.params as { '*': string })['*'])
      if (!match?.[1] || !match[2]) throw nameRefused(NAME_TEXTS.ccipRequest)
      return answer(match[1], match[2])
    },
  )

  app.post(NAMES_CCIP_POST_PATH, { schema: { ...ccipSchema, body: ccipRequestSchema } }, async (request) =>
    answer(request.body.sender, request.body.data),
  )
}
