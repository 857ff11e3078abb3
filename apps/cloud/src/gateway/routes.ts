import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { isSolanaChainId, type SolanaNetworks, solanaGatewayChain } from '../solana/index.js'
import { caip2, parseChainParam } from './chains.js'
import { checkHeavyCall, HEAVY_METHODS, HeavyCalls, TOO_MANY_HEAVY_CALLS } from './heavy.js'
import { checkLogRange, type LogLimits, tooManyLogs } from './logs.js'
import { isMethodAllowed, LOCAL_ANSWERS, NOT_ALLOWED_MESSAGE } from './policy.js'
import {
  isNotification,
  MAX_RPC_BATCH,
  MAX_RPC_BODY_BYTES,
  type RpcError,
  RpcErrorCode,
  type RpcRequest,
  rpcBodySchema,
  rpcError,
  rpcResult,
} from './rpc.js'
import { UpstreamError, type Upstreams } from './upstream.js'

type Options = { projects: ProjectStore; upstreams: Upstreams; solana: SolanaNetworks; logs: LogLimits }

/** A chain the gateway serves: its CAIP-2 id, the methods it forwards, those it answers itself, its node. */
type GatewayChain = {
  caip: string
  allows(method: string): boolean
  localAnswers: ReadonlyMap<string, unknown>
  post(body: string): Promise<string>
}

const gatewayQuery = clientQuerySchema.extend({
  chainId: z
    .string()
    .max(100)
    .describe('CAIP-2 chain id, e.g. eip155:31337 or solana:<genesis hash, 32 characters>'),
})

type Answer = ReturnType<typeof rpcError> | ReturnType<typeof rpcResult>

/** An upstream batch answer as a list; a malformed one counts as the upstream failing. */
function parseAnswers(answer: string): Answer[] {
  try {
    const parsed: unknown = JSON.parse(answer)
    return (Array.isArray(parsed) ? parsed : [parsed]) as Answer[]
  } catch {
    throw new UpstreamError('answered malformed JSON')
  }
}

const refusal = (request: RpcRequest) =>
  rpcError(request, {
    code: RpcErrorCode.methodNotAllowed,
    message: NOT_ALLOWED_MESSAGE,
    data: { method: request.method },
  })

/** The RPC gateway (apps/cloud/README.md#routes): `POST /v1/?chainId=eip155:N&projectId=…` to that chain's upstream. */
export const gatewayRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { projects, upstreams, solana, logs },
) => {
  const heavyCalls = new HeavyCalls()

  /** The chain `value` names, if this gateway has its node: an EIP-155 chain or a Solana network. */
  function chainOf(value: string): GatewayChain | undefined {
    if (isSolanaChainId(value)) return solana.has(value) ? solanaGatewayChain(solana, value) : undefined
    const chainId = parseChainParam(value)
    if (chainId === undefined || !upstreams.has(chainId)) return undefined
    return {
      caip: caip2(chainId),
      allows: isMethodAllowed,
      localAnswers: LOCAL_ANSWERS,
      post: (body) => upstreams.post(chainId, body),
    }
  }

  /** The chain's head block, asked once per request and only when an `eth_getLogs` range ends there. */
  function headOf(chain: GatewayChain): () => Promise<number> {
    let head: Promise<number> | undefined
    return () => {
      head ??= chain
        .post(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' }))
        .then((text) => {
          const result = (parseAnswers(text)[0] as { result?: unknown } | undefined)?.result
          if (typeof result !== 'string') throw new UpstreamError('answered no block number')
          return Number.parseInt(result, 16)
        })
      return head
    }
  }

  /** Answers the gateway gives itself (refusals, local answers, bounds); the rest is for the node. */
  async function triage(chain: GatewayChain, requests: RpcRequest[]) {
    const own: Answer[] = []
    const forwarded: RpcRequest[] = []
    const head = headOf(chain)
    for (const request of requests) {
      if (!chain.allows(request.method)) {
        if (chain.localAnswers.has(request.method))
          own.push(rpcResult(request, chain.localAnswers.get(request.method)))
        else own.push(refusal(request))
        continue
      }
      const refused =
        request.method === 'eth_getLogs'
          ? await checkLogRange(request, logs, head)
          : HEAVY_METHODS.has(request.method)
            ? checkHeavyCall(request)
            : undefined
      if (refused) own.push(rpcError(request, refused))
      else forwarded.push(request)
    }
    return { own, forwarded }
  }

  /** Replaces each `eth_getLogs` answer with more logs than allowed. */
  function boundLogs(requests: RpcRequest[], answers: Answer[]): Answer[] {
    const logIds = new Set(requests.filter((r) => r.method === 'eth_getLogs').map((r) => r.id))
    if (logIds.size === 0) return answers
    return answers.map((answer) => {
      const error = logIds.has(answer.id) && 'result' in answer ? tooManyLogs(answer.result, logs) : undefined
      return error ? { jsonrpc: '2.0', id: answer.id, error } : answer
    })
  }

  app.post(
    '/v1/',
    {
      bodyLimit: MAX_RPC_BODY_BYTES,
      schema: {
        tags: ['gateway'],
        description:
          'Forwards a JSON-RPC request or batch (at most 100) to the chain upstream, for the allowlisted methods ' +
          'only. Gateway failures (unknown chain, refused method, over a bound, upstream down or slow) come back ' +
          'as JSON-RPC errors with HTTP 200; a notification (no id) is answered 204 and not forwarded; a bad ' +
          'project id is a 401 `{ code, message }`, a refused origin a 403.',
        querystring: gatewayQuery,
        body: rpcBodySchema,
      },
    },
    async (request, reply) => {
      await requireProject(request, projects)
      const { body } = request
      const isBatch = Array.isArray(body)
      // Notifications get no answer (JSON-RPC), so there is nothing to forward them for.
      const requests = (isBatch ? body : [body]).filter((item) => !isNotification(item))
      const send = (answers: Answer[]) => {
        if (answers.length === 0) return reply.code(204).send()
        return reply.type('application/json').send(JSON.stringify(isBatch ? answers : answers[0]))
      }
      const failAll = (items: RpcRequest[], error: RpcError) => items.map((item) => rpcError(item, error))

      const chain = chainOf(request.query.chainId)
      if (!chain) {
        return send(
          failAll(requests, {
            code: RpcErrorCode.invalidParams,
            message: `Unsupported chain: ${request.query.chainId} has no RPC upstream on this gateway`,
          }),
        )
      }
      if (isBatch && body.length > MAX_RPC_BATCH) {
        return send(
          failAll(requests, {
            code: RpcErrorCode.invalidRequest,
            message: `Batch too large: at most ${MAX_RPC_BATCH} requests`,
          }),
        )
      }
      const unavailable = (error: UpstreamError): RpcError => ({
        code: RpcErrorCode.upstream,
        message: `Upstream of ${chain.caip} unavailable: ${error.message}`,
      })
      let triaged: Awaited<ReturnType<typeof triage>>
      try {
        triaged = await triage(chain, requests)
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        return send(failAll(requests, unavailable(error)))
      }
      const { own } = triaged
      // The client's heavy calls over its share are refused; the slots taken are given back once the node answers.
      const heavy = triaged.forwarded.filter((item) => HEAVY_METHODS.has(item.method))
      const slots = heavyCalls.take(request.ip, heavy.length)
      const overShare = new Set(heavy.slice(slots))
      for (const item of overShare) own.push(rpcError(item, TOO_MANY_HEAVY_CALLS))
      const forwarded = triaged.forwarded.filter((item) => !overShare.has(item))
      if (forwarded.length === 0) return send(own)
      try {
        const answer = await chain.post(JSON.stringify(isBatch ? forwarded : forwarded[0]))
        // The common case passes the node's answer through untouched.
        if (own.length === 0 && !forwarded.some((item) => item.method === 'eth_getLogs'))
          return reply.type('application/json').send(answer)
        return send([...boundLogs(forwarded, parseAnswers(answer)), ...own])
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        return send([...failAll(forwarded, unavailable(error)), ...own])
      } finally {
        heavyCalls.release(request.ip, slots)
      }
    },
  )
}
