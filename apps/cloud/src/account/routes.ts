import {
  balancesSchema,
  CURRENCIES,
  errorBodySchema,
  evmAddressSchema,
  fungiblePriceRequestSchema,
  fungiblePricesSchema,
  historyPageSchema,
  type Identity,
  identitySchema,
  isEvmAddress,
  nftPageSchema,
  type TokenBalance,
} from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { caip2, parseChainParam } from '../gateway/index.js'
import { clientQuerySchema } from '../http/client.js'
import { BadRequestError, NotFoundError } from '../http/errors.js'
import { replyImage } from '../http/image-reply.js'
import { refusals } from '../http/schemas.js'
import { sendJson, serializedOnce } from '../http/serialized.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { UnsupportedChainError } from './errors.js'
import type { AccountSource } from './source.js'

type Options = {
  projects: ProjectStore
  account: AccountSource
  /** The name and avatar an address shows (the name service's); without one, both null. */
  identityOf?: (address: string) => Promise<Identity>
  /** Balances on the Solana networks (apps/cloud/src/solana): history, NFTs and names are EVM only (spec §1). */
  solana?: {
    chains(): readonly string[]
    balances(chainId: string, address: string): Promise<TokenBalance[]>
  }
}

const addressParams = z.object({ address: evmAddressSchema })
/** The balance route takes a Solana address too; which form is checked once the chain is known. */
const anyAddressParams = z.object({ address: z.string().max(100) })
const EVM_ADDRESS_TEXT = 'address must be an EVM address: 40 hex characters, 0x optional'
const chainParam = z
  .string()
  .max(100)
  .optional()
  .describe('CAIP-2 chain id (eip155:N) or N; unset: every chain')
const cursorParam = z.string().max(200).optional().describe('the `next` of the previous page')
/**
 * Answers are built by the source from stored, validated rows: skip re-validating every item on each answer
 * (as `/getWallets` does); the tests parse real answers with the protocol's schemas. Answers are sent already
 * serialized, once per answer the source gives (it gives the same object again while it reuses an answer).
 */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data)
const json = (answer: object) => serializedOnce(answer, () => JSON.stringify(answer))
/** Answers a live read may give besides the refusals: a chain's node failing. */
const upstreamFailure = { 503: errorBodySchema }

/**
 * The blockchain data service's account calls (apps/cloud/README.md#account), on the paths and in the shapes
 * the AppKit client reads, plus the NFT list and its images: `/v1/supported-chains` names exactly the chains whose
 * history, balances and NFTs are served.
 */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { projects, account, identityOf, solana },
) => {
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
        description:
          'The chains whose balances this cloud answers (CAIP-2 ids): EIP-155 chains (history and NFTs too) and ' +
          'Solana networks (balances only).',
        querystring: clientQuerySchema,
        response: { 200: z.object({ http: z.array(z.string()), ws: z.array(z.string()) }), ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return { http: [...account.chains().map(caip2), ...(solana?.chains() ?? [])], ws: [] }
    },
  )

  app.get(
    '/v1/account/:address/history',
    {
      serializerCompiler,
      schema: {
        tags: ['account'],
        description:
          'Transaction history, newest first, a page at a time (`next` is the following cursor). Spam NFTs are ' +
          'flagged (`nft_info.flags.is_spam`), not left out.',
        params: addressParams,
        querystring: clientQuerySchema.extend({ cursor: cursorParam, chainId: chainParam }),
        response: { 200: historyPageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { cursor, chainId } = request.query
      const page = await account.history({
        chainId: servedChain(chainId),
        address: request.params.address,
        cursor,
      })
      return sendJson(reply, json(page))
    },
  )

  app.get(
    '/v1/account/:address/balance',
    {
      serializerCompiler,
      schema: {
        tags: ['account'],
        description:
          'The coin and the tokens held, read live from the chain and valued in `currency`; tokens with 0 ' +
          'decimals are left out; an answer may be reused for up to 2 s while no new block is indexed, unless ' +
          '`forceUpdate`. On a Solana network (`chainId=solana:<ref>`, a base58 address): SOL and the SPL ' +
          'tokens held, read live. 503 when the chain’s node fails.',
        params: anyAddressParams,
        querystring: clientQuerySchema.extend({
          currency: z.enum(CURRENCIES).default('usd'),
          chainId: chainParam,
          forceUpdate: z
            .string()
            .max(200)
            .optional()
            .describe('any value but "false": read the chain now, not an answer up to 2 s old'),
        }),
        response: { 200: balancesSchema, ...refusals, ...upstreamFailure },
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { chainId, forceUpdate } = request.query
      const { address } = request.params
      if (chainId?.startsWith('solana:')) {
        if (!solana?.chains().includes(chainId)) throw new UnsupportedChainError(chainId)
        const balances = await solana.balances(chainId, address)
        return sendJson(
          reply,
          serializedOnce(balances, () => JSON.stringify({ balances })),
        )
      }
      if (!isEvmAddress(address)) throw new BadRequestError(EVM_ADDRESS_TEXT)
      const balances = await account.balances({
        chainId: servedChain(chainId),
        address,
        forceUpdate: forceUpdate !== undefined && forceUpdate !== 'false',
      })
      return sendJson(
        reply,
        serializedOnce(balances, () => JSON.stringify({ balances })),
      )
    },
  )

  app.get(
    '/v1/account/:address/nfts',
    {
      serializerCompiler,
      schema: {
        tags: ['account'],
        description:
          'The NFTs held (ERC-721 and ERC-1155), spam left out, a page at a time; images are served by this ' +
          'cloud (`/public/getNftImage/{id}`).',
        params: addressParams,
        querystring: clientQuerySchema.extend({ cursor: cursorParam, chainId: chainParam }),
        response: { 200: nftPageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { cursor, chainId } = request.query
      const page = await account.nfts({
        chainId: servedChain(chainId),
        address: request.params.address,
        cursor,
      })
      return sendJson(reply, json(page))
    },
  )

  app.post(
    '/v1/fungible/price',
    {
      schema: {
        tags: ['account'],
        description:
          'Prices of fungibles by id (`eip155:<chain>:0x<token>` or `eip155:<chain>:native`); those without a ' +
          'known price are left out.',
        querystring: clientQuerySchema,
        body: fungiblePriceRequestSchema,
        response: { 200: fungiblePricesSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return { fungibles: await account.prices(request.body.addresses) }
    },
  )

  app.get(
    '/public/getNftImage/:id',
    {
      schema: {
        tags: ['account'],
        description:
          'An NFT’s image by NFT id (`eip155:<chain>:0x<contract>:<token id>`): its on-chain art, sanitized ' +
          '(passive SVG or a checked raster), or a placeholder; never fetched from another host. Public, with an ' +
          'ETag; 404 `{ code, message }` for an unknown NFT.',
        params: z.object({ id: z.string().max(200) }),
        querystring: clientQuerySchema,
      },
    },
    async (request, reply) => {
      const image = await account.nftImage(request.params.id)
      if (!image) throw new NotFoundError(`No NFT image "${request.params.id}"`)
      return replyImage(request, reply, image)
    },
  )

  app.get(
    '/v1/identity/:address',
    {
      schema: {
        tags: ['account'],
        description:
          "The account's name and avatar (its name in the name service's zone); null when it has none.",
        params: addressParams,
        querystring: clientQuerySchema.extend({
          sender: z.optional(evmAddressSchema).describe('the connected account asking'),
        }),
        response: { 200: identitySchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return identityOf ? identityOf(request.params.address) : { name: null, avatar: null }
    },
  )
}
