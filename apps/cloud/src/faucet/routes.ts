import { errorBodySchema, faucetRequestSchema, faucetResponseSchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { normaliseAddress } from '../account/index.js'
import { clientQuerySchema } from '../http/client.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import type { Faucet } from './faucet.js'
import { FAUCET_AMOUNT_ETH, FAUCET_MAX_PER_ADDRESS, FAUCET_MAX_PER_CLIENT } from './faucet.js'

type Options = { projects: ProjectStore; faucet: Faucet }

export const faucetRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, faucet }) => {
  app.post(
    '/v1/faucet',
    {
      schema: {
        tags: ['faucet'],
        description:
          `Devnet only: sends ${FAUCET_AMOUNT_ETH} test ETH to \`address\` on chain 31337 (400 on any other chain), ` +
          `at most ${FAUCET_MAX_PER_ADDRESS} times a day per address and ${FAUCET_MAX_PER_CLIENT} a day per client ` +
          'address (429 with the throttle text past either).',
        querystring: clientQuerySchema,
        body: faucetRequestSchema,
        response: { 200: faucetResponseSchema, ...refusals, 503: errorBodySchema },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      const { chainId, address } = request.body
      return { hash: await faucet.drip(chainId, normaliseAddress(address), request.ip) }
    },
  )
}
