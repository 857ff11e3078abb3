import { CloudError } from '../errors.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'

export type RpcCall = { method: string; params: readonly unknown[] }

/** A JSON-RPC error the node answered (a reverting eth_call, an unknown method): the call's own failure. */
export class RpcCallError extends CloudError<'rpcCall'> {
  override readonly name = 'RpcCallError'
  constructor(message: string) {
    super('rpcCall', message)
  }
}

type Answer = { id?: unknown; result?: unknown; error?: { message?: unknown } }

/**
 * JSON-RPC to one chain's upstream through the gateway's bounded client. A batch answers each call's result or
 * its RpcCallError in order; a transport failure (down, slow, too large, not JSON) throws UpstreamError.
 */
export class ChainRpc<Chain extends number | string = number> {
  constructor(
    private readonly upstreams: Upstreams<Chain>,
    readonly chainId: Chain,
  ) {}

  async call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
    const [answer] = await this.batch([{ method, params }])
    if (answer instanceof Error) throw answer
    return answer as T
  }

  /** Results (or errors) in the order of `calls`; at most `maxBytes` of answer are read. */
  async batch(calls: readonly RpcCall[], maxBytes?: number): Promise<(unknown | RpcCallError)[]> {
    if (calls.length === 0) return []
    const body = JSON.stringify(
      calls.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params })),
    )
    const text = await this.upstreams.post(this.chainId, body, maxBytes)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new UpstreamError('answered malformed JSON')
    }
    const answers = (Array.isArray(parsed) ? parsed : [parsed]) as Answer[]
    const byId = new Map(answers.map((answer) => [answer?.id, answer]))
    return calls.map((_, id) => {
      const answer = byId.get(id)
      if (!answer) throw new UpstreamError(`answered no result for call ${id}`)
      if (answer.error !== undefined) return new RpcCallError(String(answer.error?.message ?? 'error'))
      return answer.result
    })
  }
}
