import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { caip2, parseChainParam } from '../gateway/chains.js'
import { NOT_ALLOWED_MESSAGE } from '../gateway/policy.js'
import {
  answerable,
  BATCH_TOO_LARGE,
  failAll,
  MAX_RPC_BATCH,
  MAX_RPC_BODY_BYTES,
  parseAnswers,
  type RpcAnswer,
  RpcErrorCode,
  type RpcRequest,
  rpcBodySchema,
  rpcError,
  sendAnswers,
} from '../gateway/rpc.js'
import { UpstreamError, type Upstreams } from '../gateway/upstream.js'
import { clientQuerySchema } from '../http/client.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { BUNDLER_METHODS } from './methods.js'

type Options = { projects: ProjectStore; bundlers: Upstreams }

export const BUNDLER_PATH = '/v1/bundler'

const bundlerQuery = clientQuerySchema.extend({
  chainId: z.string().max(100).describe('CAIP-2 chain id, e.g. eip155:31337'),
})

/**
 * `POST /v1/bundler?chainId=eip155:N&projectId=…`: the ERC-4337 methods to that chain's bundler, with the gateway's
 * limits and error bodies (apps/cloud/README.md#bundler).
 */
export const bundlerRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, bundlers }) => {
  app.post(
    BUNDLER_PATH,
    {
      bodyLimit: MAX_RPC_BODY_BYTES,
      schema: {
        tags: ['bundler'],
        description:
          `Forwards a JSON-RPC request or batch (at most ${MAX_RPC_BATCH}) to the chain's ERC-4337 bundler, for ` +
          `${[...BUNDLER_METHODS].join(', ')} only. Failures come back as JSON-RPC errors with HTTP 200, as the ` +
          'gateway answers; a bad project id is a 401 `{ code, message }`, a refused origin a 403.',
        querystring: bundlerQuery,
        body: rpcBodySchema,
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { body } = request
      const { isBatch, requests } = answerable(body)
      const chainId = parseChainParam(request.query.chainId)
      if (chainId === undefined || !bundlers.has(chainId)) {
        return sendAnswers(
          reply,
          isBatch,
          failAll(requests, {
            code: RpcErrorCode.invalidParams,
            message: `Unsupported chain: ${request.query.chainId} has no bundler on this cloud`,
          }),
        )
      }
      if (Array.isArray(body) && body.length > MAX_RPC_BATCH)
        return sendAnswers(reply, isBatch, failAll(requests, BATCH_TOO_LARGE))
      const refused = requests.filter((item) => !BUNDLER_METHODS.has(item.method))
      const own = refused.map((item) =>
        rpcError(item, {
          code: RpcErrorCode.methodNotAllowed,
          message: NOT_ALLOWED_MESSAGE,
          data: { method: item.method },
        }),
      )
      const forwarded = requests.filter((item) => BUNDLER_METHODS.has(item.method))
      if (forwarded.length === 0) return sendAnswers(reply, isBatch, own)
      const unavailable = (error: UpstreamError) => ({
        code: RpcErrorCode.upstream,
        message: `Bundler of ${caip2(chainId)} unavailable: ${error.message}`,
      })
      // Alto answers no batch: each request of one goes on its own, all at once.
      const forward = async (item: RpcRequest): Promise<RpcAnswer> => {
        try {
          const [answer] = parseAnswers(await bundlers.post(chainId, JSON.stringify(item)))
          return answer ?? rpcError(item, unavailable(new UpstreamError('answered nothing')))
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error
          return rpcError(item, unavailable(error))
        }
      }
      return sendAnswers(reply, isBatch, [...(await Promise.all(forwarded.map(forward))), ...own])
    },
  )
}
