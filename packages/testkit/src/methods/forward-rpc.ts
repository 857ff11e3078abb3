import { getHttpRpcClient } from 'viem/utils'
import { ProviderRpcError } from '../errors'
import { currentRpcUrl } from '../state'
import type { MethodHandler } from './context'

const FORWARD_TIMEOUT_MS = 15_000
let nextRequestId = 1

/** Passes a read straight to the current chain's node and its JSON-RPC error back unchanged. */
export const forwardRpc: MethodHandler = async ({ state, request }) => {
  const client = getHttpRpcClient(currentRpcUrl(state), { timeout: FORWARD_TIMEOUT_MS })
  const response = await client.request({
    body: { jsonrpc: '2.0', id: nextRequestId++, method: request.method, params: request.params ?? [] },
  })
  if ('error' in response && response.error) {
    const { code, message, data } = response.error
    throw new ProviderRpcError(code, message, data)
  }
  return 'result' in response ? response.result : null
}
