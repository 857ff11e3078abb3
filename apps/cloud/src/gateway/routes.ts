import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { caip2, parseChainParam } from './chains.js'
import { isMethodAllowed, NOT_ALLOWED_MESSAGE } from './policy.js'
import { type RpcError, RpcErrorCode, type RpcRequest, rpcBodySchema, rpcError } from './rpc.js'
import { UpstreamError, type Upstreams } from './upstream.js'

type Options = { projects: ProjectStore; upstreams: Upstreams; allowAllMethods: boolean }

const gatewayQuery = clientQuerySchema.extend({
  chainId: z.string().max(100).describe('CAIP-2 chain id, e.g. eip155:31337'),
})

/** Answers every request of the call with the same error (JSON-RPC keeps ids, batches stay batches). */
function failAll(body: RpcRequest | RpcRequest[], error: RpcError): string {
  return JSON.stringify(
    Array.isArray(body) ? body.map((item) => rpcError(item, error)) : rpcError(body, error),
  )
}

/** An upstream batch answer as a list; a malformed one counts as the upstream failing. */
function parseAnswers(answer: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(answer)
    return Array.isArray(parsed) ? parsed : [parsed]
  } catch {
    throw new UpstreamError('answered malformed JSON')
  }
}

/** The RPC gateway (spec §7 Gateway): `POST /v1/?chainId=eip155:N&projectId=…` to that chain's upstream. */
export const gatewayRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { projects, upstreams, allowAllMethods },
) => {
  app.post(
    '/v1/',
    {
      schema: {
        tags: ['gateway'],
        description:
          'Forwards a JSON-RPC request or batch to the chain upstream. Gateway failures (unknown chain, refused ' +
          'method, upstream down or slow) come back as JSON-RPC errors with HTTP 200; a bad project id is a 401 ' +
          '`{ message }`, a refused origin a 403.',
        querystring: gatewayQuery,
        body: rpcBodySchema,
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      reply.type('application/json')
      const { body } = request
      const chainId = parseChainParam(request.query.chainId)
      if (chainId === undefined || !upstreams.has(chainId)) {
        return failAll(body, {
          code: RpcErrorCode.invalidParams,
          message: `Unsupported chain: ${request.query.chainId} has no RPC upstream on this gateway`,
        })
      }
      const items = Array.isArray(body) ? body : [body]
      const refused = allowAllMethods ? [] : items.filter((item) => !isMethodAllowed(item.method))
      const refusal = (item: RpcRequest) =>
        rpcError(item, {
          code: RpcErrorCode.methodNotAllowed,
          message: NOT_ALLOWED_MESSAGE,
          data: { method: item.method },
        })
      if (!Array.isArray(body) && refused.length > 0) return JSON.stringify(refusal(body))
      const forwarded = refused.length === 0 ? body : items.filter((item) => !refused.includes(item))
      if (Array.isArray(forwarded) && forwarded.length === 0) return JSON.stringify(refused.map(refusal))
      try {
        const answer = await upstreams.post(chainId, JSON.stringify(forwarded))
        if (refused.length === 0) return answer
        return JSON.stringify([...parseAnswers(answer), ...refused.map(refusal)])
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        return failAll(forwarded, {
          code: RpcErrorCode.upstream,
          message: `Upstream of ${caip2(chainId)} unavailable: ${error.message}`,
        })
      }
    },
  )
}
