import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { UpstreamError } from './upstream.js'

/** Requests in one batch; a longer batch is answered, item by item, with `batchTooLarge`. */
export const MAX_RPC_BATCH = 100
/** Largest request body: room for a raw transaction with 128 KiB of calldata, twice over. */
export const MAX_RPC_BODY_BYTES = 512 * 1024

export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(200), z.number(), z.null()]).optional(),
  method: z.string().min(1).max(200),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type RpcRequest = z.infer<typeof rpcRequestSchema>

/** Batches of any length pass validation so that an over-long one gets a JSON-RPC answer per request. */
export const rpcBodySchema = z.union([rpcRequestSchema, z.array(rpcRequestSchema).min(1)])

/** JSON-RPC error codes the gateway answers with itself. */
export const RpcErrorCode = {
  invalidRequest: -32600,
  invalidParams: -32602,
  methodNotAllowed: -32601,
  upstream: -32603,
  limitExceeded: -32005,
} as const

export type RpcError = { code: number; message: string; data?: unknown }

/** A request without an `id` is a notification: JSON-RPC gives it no answer. */
export const isNotification = (request: RpcRequest) => !('id' in request)

export function rpcError(request: RpcRequest, error: RpcError) {
  return { jsonrpc: '2.0' as const, id: request.id ?? null, error }
}

export function rpcResult(request: RpcRequest, result: unknown) {
  return { jsonrpc: '2.0' as const, id: request.id ?? null, result }
}

export type RpcAnswer = ReturnType<typeof rpcError> | ReturnType<typeof rpcResult>

/** The same error for each request. */
export const failAll = (requests: RpcRequest[], error: RpcError): RpcAnswer[] =>
  requests.map((request) => rpcError(request, error))

/** The answers as a batch (or the one answer of a single request); 204 when there is none (notifications only). */
export function sendAnswers(reply: FastifyReply, isBatch: boolean, answers: RpcAnswer[]) {
  if (answers.length === 0) return reply.code(204).send()
  return reply.type('application/json').send(JSON.stringify(isBatch ? answers : answers[0]))
}

/** An upstream batch answer as a list; a malformed one counts as the upstream failing. */
export function parseAnswers(answer: string): RpcAnswer[] {
  try {
    const parsed: unknown = JSON.parse(answer)
    return (Array.isArray(parsed) ? parsed : [parsed]) as RpcAnswer[]
  } catch {
    throw new UpstreamError('answered malformed JSON')
  }
}

/** The requests of a body that get an answer (JSON-RPC answers no notification), and whether it was a batch. */
export function answerable(body: RpcRequest | RpcRequest[]): { isBatch: boolean; requests: RpcRequest[] } {
  const isBatch = Array.isArray(body)
  return { isBatch, requests: (isBatch ? body : [body]).filter((item) => !isNotification(item)) }
}

/** The refusal of a batch longer than MAX_RPC_BATCH, for each of its requests. */
export const BATCH_TOO_LARGE: RpcError = {
  code: RpcErrorCode.invalidRequest,
  message: `Batch too large: at most ${MAX_RPC_BATCH} requests`,
}
