import { HttpRequestError, TimeoutError, type Transport } from 'viem'

/**
 * Reads through the cloud's gateway, and through the chain's own RPC when the gateway can't be reached (refused,
 * failing with an HTTP error, or past its time-out). An answer the gateway gave — a JSON-RPC error included —
 * stands. viem's `fallback` does this too, with ranking and retries the page doesn't need, for ~1 KB more.
 */
export function gatewayFirst(gateway: Transport, chainRpc: Transport): Transport {
  return (params) => {
    // Each request is tried once per way: a cloud that is down must not cost the page viem's retries.
    const first = gateway({ ...params, retryCount: 0 })
    const second = chainRpc(params)
    const request: typeof first.request = async (args, options) => {
      try {
        return await first.request(args, options)
      } catch (error) {
        if (error instanceof HttpRequestError || error instanceof TimeoutError)
          return second.request(args, options)
        throw error
      }
    }
    return { ...first, request }
  }
}
