import {
  balancesSchema,
  CURRENCIES,
  evmAddressSchema,
  historyPageSchema,
  identitySchema,
} from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { caip2, parseChainParam } from '../gateway/index.js'
import { clientQuerySchema } from '../http/client.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { UnsupportedChainError } from './errors.js'
import type { AccountSource } from './source.js'

type Options = { projects: ProjectStore; account: AccountSource }

const addressParams = z.object({ address: evmAddressSchema })
const chainParam = z
  .string()
  .max(100)
  .optional()
  .describe('CAIP-2 chain id (eip155:N) or N; unset: every chain')

/**
 * The blockchain data service's account calls (apps/cloud/README.md#routes), on the paths and in the shapes the AppKit client reads:
 * `/v1/supported-chains` names exactly the chains whose history and balance are served.
 */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, account }) => {
  /** The chain a request names, if the source serves it; no chain named means all of them. */
  const servedChain = (value: string | undefined): number | undefined => {
    if (value === undefined || value === '') return undefined
    const chainId = parseChainParam(value)
    if (chainId === undefined || !account.chains().includes(chainId)) throw new UnsupportedChainError(value)
    return chainId
  }

  app.get(
    '/v1/supported-chains',
    {
      schema: {
        tags: ['account'],
        description: 'The chains whose account history and balances this cloud answers (CAIP-2 ids).',
        querystring: clientQuerySchema,
        response: { 200: z.object({ http: z.array(z.string()), ws: z.array(z.string()) }), ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return { http: account.chains().map(caip2), ws: [] }
    },
  )

  app.get(
    '/v1/account/:address/history',
    {
      schema: {
        tags: ['account'],
        description: 'Transaction history, newest first, a page at a time (`next` is the following cursor).',
        params: addressParams,
        querystring: clientQuerySchema.extend({
          cursor: z.string().max(200).optional(),
          chainId: chainParam,
        }),
        response: { 200: historyPageSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      const { cursor, chainId } = request.query
      return account.history({ chainId: servedChain(chainId), address: request.params.address, cursor })
    },
  )

  app.get(
    '/v1/account/:address/balance',
    {
      schema: {
        tags: ['account'],
        description: 'Token balances, valued in `currency`.',
        params: addressParams,
        querystring: clientQuerySchema.extend({
          currency: z.enum(CURRENCIES).default('usd'),
          chainId: chainParam,
          forceUpdate: z.string().max(200).optional().describe('ignored: nothing is cached here'),
        }),
        response: { 200: balancesSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      const { chainId } = request.query
      return {
        balances: await account.balances({ chainId: servedChain(chainId), address: request.params.address }),
      }
    },
  )

  app.get(
    '/v1/identity/:address',
    {
      schema: {
        tags: ['account'],
        description: "The account's name and avatar: both null, as no name service runs here.",
        params: addressParams,
        querystring: clientQuerySchema.extend({
          sender: z.optional(evmAddressSchema).describe('the connected account asking'),
        }),
        response: { 200: identitySchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return { name: null, avatar: null }
    },
  )
}
