import { createDefaultRpcTransport, createSolanaRpcFromTransport, type RpcTransport } from '@solana/kit'
import { KernelError } from '../../kernel/errors'
import type { Network } from '../types'

/**
 * The network's JSON-RPC: its URLs in order (the cloud's gateway first, then the chain's own node), the next one
 * asked when one can't be reached or refuses the request over HTTP, as the EVM side reads while the cloud is down.
 * A JSON-RPC error is an answer, not a failure: it is never asked again elsewhere.
 */
export function rpcOf(network: Network) {
  const urls = network.rpcUrls.default.http
  if (urls.length === 0) throw new KernelError('unsupportedChain')
  const transports = urls.map((url) => createDefaultRpcTransport({ url }))
  const transport: RpcTransport = async (request) => {
    let failure: unknown
    for (const next of transports) {
      try {
        return await next(request)
      } catch (error) {
        failure = error
      }
    }
    throw failure
  }
  return createSolanaRpcFromTransport(transport)
}
