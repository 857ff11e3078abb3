import {
  CONVERT_TEXTS,
  convertAllowanceQuerySchema,
  convertAllowanceSchema,
  convertApproveQuerySchema,
  convertApproveSchema,
  convertBuildRequestSchema,
  convertBuildSchema,
  convertGasPriceSchema,
  convertQuoteQuerySchema,
  convertQuotesSchema,
  convertTokensSchema,
  readCaipNetworkId,
  SWAP_DEADLINE_MAX_SECONDS,
  SWAP_DEADLINE_SECONDS,
  SWAP_SLIPPAGE_DEFAULT,
} from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Address } from 'viem'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { BadRequestError } from '../http/errors.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import type { ConvertService } from './service.js'

type Options = { projects: ProjectStore; convert: ConvertService }

const TAGS = ['convert']
/** `eip155:N` or `N`. */
const chainQuery = z.object({ chainId: z.string().max(100) })
const errors = { ...refusals, 503: refusals[400] }

/**
 * The EVM chain id of `eip155:N` or `N`. A network of another family (`solana:…`, spec §2's namespaces) is one the
 * swaps don't support: refused with `unsupported`, the spec's text, as an EVM chain off the list is.
 */
function chainIdOf(value: string, unsupported: string): number {
  const match = /^(?:eip155:)?([1-9]\d{0,14})$/.exec(value)
  if (match?.[1]) return Number(match[1])
  const network = readCaipNetworkId(value)
  throw new BadRequestError(
    network && network.namespace !== 'eip155' ? unsupported : `Invalid chainId: ${value}`,
  )
}

export const convertRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, convert }) => {
  const tokens = `Tokens are fungible ids, \`eip155:<chain>:0x<token>\` or \`eip155:<chain>:native\`; amounts are base units.`
  app.get(
    '/v1/convert/tokens',
    {
      schema: {
        tags: TAGS,
        description:
          "The tokens the chain's exchange swaps (empty on a swap chain without one); 400 'Network not supported " +
          "for Swaps' elsewhere.",
        querystring: clientQuerySchema.extend(chainQuery.shape),
        response: { 200: convertTokensSchema, ...errors },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'swap')
      return {
        tokens: await convert.tokens(chainIdOf(request.query.chainId, CONVERT_TEXTS.swapsUnsupported)),
      }
    },
  )

  app.get(
    '/v1/convert/quotes',
    {
      schema: {
        tags: TAGS,
        description:
          `The best quote for swapping \`amount\` of \`from\` into \`to\`, from the pools' reserves (directly or ` +
          `through one other offered token), with price impact, the pools' fee and the gas fee at \`gasPrice\`. ${tokens}`,
        querystring: clientQuerySchema.extend(convertQuoteQuerySchema.shape),
        response: { 200: convertQuotesSchema, ...errors },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'swap')
      return { quotes: [await convert.quote(request.query)] }
    },
  )

  app.get(
    '/v1/convert/allowance',
    {
      schema: {
        tags: TAGS,
        description: `What \`userAddress\` lets the exchange's router spend of \`tokenAddress\` (unlimited for the coin). ${tokens}`,
        querystring: clientQuerySchema.extend(convertAllowanceQuerySchema.shape),
        response: { 200: convertAllowanceSchema, ...errors },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'swap')
      const { tokenAddress, userAddress } = request.query
      return { allowance: (await convert.allowance(tokenAddress, userAddress as Address)).toString() }
    },
  )

  app.get(
    '/v1/convert/gas-price',
    {
      schema: {
        tags: TAGS,
        description: "Wei per gas; 400 'Network not supported for Gas Price' off the swap chains.",
        querystring: clientQuerySchema.extend(chainQuery.shape),
        response: { 200: convertGasPriceSchema, ...errors },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'swap')
      return convert.gasPrice(chainIdOf(request.query.chainId, CONVERT_TEXTS.gasPriceUnsupported))
    },
  )

  app.get(
    '/v1/convert/build-approve',
    {
      schema: {
        tags: TAGS,
        description:
          'The transaction approving the router to spend `amount` of `from`; an unlimited approval only with ' +
          `\`unlimited=true\` (the user's choice) and no \`amount\`; neither is a 400. ${tokens}`,
        querystring: clientQuerySchema.extend(convertApproveQuerySchema.shape),
        response: { 200: convertApproveSchema, ...errors },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'swap')
      return convert.buildApprove(request.query)
    },
  )

  app.post(
    '/v1/convert/build-transaction',
    {
      schema: {
        tags: TAGS,
        description:
          `The router transaction for the best quote, its minimum received being the quote less \`eip155.slippage\` ` +
          `percent (default ${SWAP_SLIPPAGE_DEFAULT}), valid until \`eip155.deadline\` (default ` +
          `${SWAP_DEADLINE_SECONDS} s after the chain's latest block; later than ${SWAP_DEADLINE_MAX_SECONDS} s ` +
          `after it, or not after it, is a 400). Its gas is estimated unless ` +
          `\`disableEstimate\`; a swap that would fail is a 400. ${tokens}`,
        querystring: clientQuerySchema,
        body: convertBuildRequestSchema,
        response: { 200: convertBuildSchema, ...errors },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'swap')
      return convert.buildTransaction(request.body)
    },
  )
}
