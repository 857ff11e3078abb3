// The JSON-RPC 2.0 envelope around the methods: single requests, batches and every way a body can be wrong.
import { MAX_BATCH } from './constants'
import { type Chain, METHODS, type Method } from './methods'
import { RPC_ERROR, RPC_TEXT, RpcFailure } from './rpc-errors'

type Id = string | number | null
type Reply = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: ReturnType<RpcFailure['toJson']> }

const failure = (id: Id, error: RpcFailure): Reply => ({ jsonrpc: '2.0', id, error: error.toJson() })
const invalidRequest = () => new RpcFailure(RPC_ERROR.invalidRequest, RPC_TEXT.invalidRequest)

/** JSON text with bigints written as the exact numbers Solana writes (u64 fields are numbers in its JSON). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? `\u0000big:${item}` : item)).replace(
    /"\\u0000big:(-?\d+)"/g,
    '$1',
  )
}

const isId = (id: unknown): id is Id =>
  id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))

/** Answers one request object, or nothing for a notification (a request without an id). */
export async function callOne(
  request: unknown,
  chain: Chain,
  methods: ReadonlyMap<string, Method> = METHODS,
): Promise<Reply | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return failure(null, invalidRequest())
  const { jsonrpc, id, method, params } = request as Record<string, unknown>
  const hasId = Object.hasOwn(request, 'id')
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && !isId(id)))
    return failure(hasId && isId(id) ? id : null, invalidRequest())
  const replyId = hasId ? (id as Id) : null
  const handler = methods.get(method)
  let reply: Reply
  if (!handler) reply = failure(replyId, new RpcFailure(RPC_ERROR.methodNotFound, RPC_TEXT.methodNotFound))
  else {
    try {
      reply = { jsonrpc: '2.0', id: replyId, result: await handler(params, chain) }
    } catch (error) {
      if (error instanceof RpcFailure) reply = failure(replyId, error)
      else {
        // A fault of the chain's, not of the request: answered as Solana's internal error, logged, never fatal.
        console.error(`solana: ${method} failed:`, error)
        reply = failure(replyId, new RpcFailure(RPC_ERROR.internal, RPC_TEXT.internal))
      }
    }
  }
  return hasId ? reply : undefined
}

/** Answers a request body (text) with the response body, or undefined when every request was a notification. */
export async function handleBody(
  body: string,
  chain: Chain,
  methods?: ReadonlyMap<string, Method>,
): Promise<string | undefined> {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return toJson(failure(null, new RpcFailure(RPC_ERROR.parse, RPC_TEXT.parse)))
  }
  if (!Array.isArray(parsed)) {
    const reply = await callOne(parsed, chain, methods)
    return reply && toJson(reply)
  }
  if (parsed.length === 0 || parsed.length > MAX_BATCH) return toJson(failure(null, invalidRequest()))
  const replies: Reply[] = []
  // In order, one at a time: a batch's transactions land in the order sent.
  for (const request of parsed) {
    const reply = await callOne(request, chain, methods)
    if (reply) replies.push(reply)
  }
  return replies.length > 0 ? toJson(replies) : undefined
}
