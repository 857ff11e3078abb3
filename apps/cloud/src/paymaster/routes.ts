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
  type RpcAnswer,
  RpcErrorCode,
  type RpcRequest,
  rpcBodySchema,
  rpcError,
  rpcResult,
  sendAnswers,
} from '../gateway/rpc.js'
import { UpstreamError } from '../gateway/upstream.js'
import { clientQuerySchema } from '../http/client.js'
import { type Project, type ProjectStore, requireProject } from '../projects/index.js'
import { SponsorshipRefusedError } from './policy.js'
import { type PaymasterService, paymasterParamsSchema } from './service.js'

type Options = { projects: ProjectStore; paymaster: PaymasterService }

export const PAYMASTER_PATH = '/v1/paymaster'
/** The ERC-7677 methods. */
export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const
/** JSON-RPC code of a refusal by the policy (EIP-1474's "transaction rejected"); `data.rule` names the rule. */
export const SPONSORSHIP_REFUSED_CODE = -32003

const paymasterQuery = clientQuerySchema.extend({
  chainId: z.string().max(100).describe('CAIP-2 chain id, e.g. eip155:31337'),
})

/**
 * `POST /v1/paymaster?chainId=eip155:N&projectId=…`: ERC-7677 for the project's sponsorship policy
 * (docs/paymaster.md), JSON-RPC with the gateway's limits and error bodies.
 */
export const paymasterRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, paymaster }) => {
  async function answer(project: Project, chainId: number, request: RpcRequest): Promise<RpcAnswer> {
    if (!(PAYMASTER_METHODS as readonly string[]).includes(request.method))
      return rpcError(request, {
        code: RpcErrorCode.methodNotAllowed,
        message: NOT_ALLOWED_MESSAGE,
        data: { method: request.method },
      })
    const params = paymasterParamsSchema.safeParse(request.params)
    if (!params.success)
      return rpcError(request, {
        code: RpcErrorCode.invalidParams,
        message: `Invalid params: ${z.prettifyError(params.error).slice(0, 500)}`,
      })
    try {
      const result =
        request.method === 'pm_getPaymasterStubData'
          ? await paymaster.stubData(project, chainId, params.data)
          : await paymaster.paymasterData(project, chainId, params.data)
      return rpcResult(request, result)
    } catch (error) {
      if (error instanceof SponsorshipRefusedError)
        return rpcError(request, {
          code: SPONSORSHIP_REFUSED_CODE,
          message: error.message,
          data: { rule: error.rule },
        })
      if (error instanceof UpstreamError)
        return rpcError(request, {
          code: RpcErrorCode.upstream,
          message: `Upstream of ${caip2(chainId)} unavailable: ${error.message}`,
        })
      throw error
    }
  }

  app.post(
    PAYMASTER_PATH,
    {
      bodyLimit: MAX_RPC_BODY_BYTES,
      schema: {
        tags: ['paymaster'],
        description:
          'ERC-7677 paymaster service: pm_getPaymasterStubData and pm_getPaymasterData sign grants of the ' +
          "SponsorPaymaster for operations within the project's sponsorship policy. A refusal is a JSON-RPC error " +
          `${SPONSORSHIP_REFUSED_CODE} whose data.rule names the rule; a bad project id is a 401 \`{ code, message }\`.`,
        querystring: paymasterQuery,
        body: rpcBodySchema,
      },
    },
    async (request, reply) => {
      const project = await requireProject(request, projects)
      const { body } = request
      const { isBatch, requests } = answerable(body)
      const chainId = parseChainParam(request.query.chainId)
      if (chainId === undefined || !paymaster.has(chainId))
        return sendAnswers(
          reply,
          isBatch,
          failAll(requests, {
            code: RpcErrorCode.invalidParams,
            message: `Unsupported chain: ${request.query.chainId} has no paymaster on this cloud`,
          }),
        )
      if (Array.isArray(body) && body.length > MAX_RPC_BATCH)
        return sendAnswers(reply, isBatch, failAll(requests, BATCH_TOO_LARGE))
      // One after the other: a batch's grants count against the caps in order.
      const answers: RpcAnswer[] = []
      for (const item of requests) answers.push(await answer(project, chainId, item))
      return sendAnswers(reply, isBatch, answers)
    },
  )
}
