import { z } from 'zod'

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
