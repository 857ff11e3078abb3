import {
  BADGE_TYPES,
  SEARCH_TERM_MAX_LENGTH,
  WALLET_PAGE_MAX,
  WALLET_PAGE_SIZE,
  WALLET_PAGE_SIZE_MAX,
  walletPageSchema,
} from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PublicUrl } from '../config/index.js'
import { clientQuerySchema } from '../http/client.js'
import { NotFoundError } from '../http/errors.js'
import { replyImage } from '../http/image-reply.js'
import { listParam } from '../http/list-param.js'
import { refusals } from '../http/schemas.js'
import { sendJson } from '../http/serialized.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { assetImageKey } from './assets.js'
import type { WalletDirectory } from './directory.js'
import { IMAGE_ID, type ImageKind, type StoredImage } from './images.js'

type Options = {
  projects: ProjectStore
  directory: WalletDirectory
  publicUrl: PublicUrl
  /** Token icons the directory does not hold (indexed tokens, by fungible id). */
  tokenIcon?: (id: string) => Promise<StoredImage | undefined>
}

const walletsQuery = clientQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(WALLET_PAGE_MAX).default(1),
  entries: z.coerce.number().int().min(1).max(WALLET_PAGE_SIZE_MAX).default(WALLET_PAGE_SIZE),
  search: z.string().max(SEARCH_TERM_MAX_LENGTH).optional(),
  badge_type: z.enum(BADGE_TYPES).optional(),
  include: listParam.describe('wallet ids, comma-separated'),
  exclude: listParam.describe('wallet ids, comma-separated'),
  chains: listParam.describe('CAIP-2 chain ids: wallets supporting any of them'),
  rdns: listParam.describe(
    'EIP-6963 rdns values the browser announces: only those wallets, answered installed',
  ),
  names: listParam.describe('exact wallet names, case-insensitive'),
})

const IMAGE_ROUTES: [string, ImageKind][] = [
  ['/getWalletImage/:id', 'wallet'],
  ['/public/getAssetImage/:id', 'asset'],
  ['/public/getCurrencyImage/:id', 'currency'],
  ['/public/getTokenImage/:id', 'token'],
]

/** The wallet directory (apps/cloud/README.md#routes): `/getWallets` and the image routes. */
export const directoryRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { projects, directory, publicUrl, tokenIcon },
) => {
  app.get(
    '/getWallets',
    {
      // Errors only: answers are sent already serialized (the listings come validated from the store).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['directory'],
        querystring: walletsQuery,
        response: { 200: walletPageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { page, entries, search, badge_type, include, exclude, chains, rdns, names } = request.query
      const query = { page, entries, search, badgeType: badge_type, include, exclude, chains, rdns, names }
      // Image URLs name the public URL: answers rendered under another one are other answers.
      const imageBase = publicUrl.http('/getWalletImage/')
      const body = directory.answer(imageBase, query, ({ count, data }) =>
        Buffer.from(
          JSON.stringify({
            count,
            data: data.map((listing) => ({ ...listing, image_url: imageBase + listing.image_id })),
          }),
        ),
      )
      return sendJson(reply, body)
    },
  )

  for (const [url, kind] of IMAGE_ROUTES) {
    app.get(
      url,
      {
        schema: {
          tags: ['directory'],
          description:
            'Image bytes (SVG, PNG or WebP) with an ETag (304 on If-None-Match); public, no project needed; ' +
            '404 `{ message }` for an unknown id; ids of at most 200 characters (414 past it). Asset images ' +
            "answer to CAIP-2 network ids, to AppKit's built-in asset-image ids of those networks and of its " +
            'connectors (WalletConnect, Browser Wallet, Coinbase, Base Account, Safe, Ledger). Token images also answer to fungible ids of indexed ' +
            'tokens (`eip155:<chain>:0x<token>`): a monogram of the symbol, never a brand logo.',
          params: z.object({ id: z.string().max(200) }),
          querystring: clientQuerySchema,
        },
      },
      async (request, reply) => {
        const { id } = request.params
        const key = kind === 'asset' ? assetImageKey(id) : id
        const stored = IMAGE_ID.test(key) ? await directory.image(kind, key) : undefined
        const image = stored ?? (kind === 'token' ? await tokenIcon?.(id) : undefined)
        if (!image) throw new NotFoundError(`No ${kind} image "${id}"`)
        return replyImage(request, reply, image)
      },
    )
  }
}
