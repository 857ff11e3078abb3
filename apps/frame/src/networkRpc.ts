import { ProviderError } from './rpc'

/**
 * A JSON-RPC call to a network's RPC (the cloud's gateway for it; EVM and Solana alike): its result, or a
 * ProviderError with the node's own error, or with the HTTP status when the answer is no JSON-RPC one.
 */
export function networkRpc(fetch: typeof globalThis.fetch) {
  let rpcId = 0
  return async function call(
    { rpcUrl }: { rpcUrl: string },
    method: string,
    params: unknown,
  ): Promise<unknown> {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const answer = (await response.json().catch(() => undefined)) as
      | { result?: unknown; error?: { code?: unknown; message?: unknown } }
      | undefined
    if (answer?.error) {
      const code = typeof answer.error.code === 'number' ? answer.error.code : -32603
      throw new ProviderError(String(answer.error.message ?? 'RPC error'), code)
    }
    if (!response.ok || !answer || !('result' in answer))
      throw new ProviderError(`The network's RPC answered ${response.status}`, -32603)
    return answer.result
  }
}

export type NetworkRpc = ReturnType<typeof networkRpc>
