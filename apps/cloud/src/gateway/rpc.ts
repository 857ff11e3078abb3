import { z } from 'zod'

export const MAX_RPC_BATCH = 100

export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(200), z.number(), z.null()]).optional(),
  method: z.string().min(1).max(200),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type RpcRequest = z.infer<typeof rpcRequestSchema>

export const rpcBodySchema = z.union([rpcRequestSchema, z.array(rpcRequestSchema).min(1).max(MAX_RPC_BATCH)])

/** JSON-RPC error codes the gateway answers with itself. */
export const RpcErrorCode = {
  invalidParams: -32602,
  methodNotAllowed: -32601,
  upstream: -32603,
} as const

export type RpcError = { code: number; message: string; data?: unknown }

export function rpcError(request: RpcRequest, error: RpcError) {
  return { jsonrpc: '2.0' as const, id: request.id ?? null, error }
}
