import { isSupportedChain } from './networks'

/** The embedded-wallet frame (docs/embedded-wallet.md): the query the modal puts in the frame's URL. */
export type FrameParams = {
  projectId: string
  chainId: number
  /** The modal's version (reported, not acted on). */
  version: string
  enableLogger: boolean
  rpcUrl: string
}

/** Thrown when the frame's URL or a network request names what the frame does not serve. */
export class ParamsError extends Error {
  override name = 'ParamsError'
}

/**
 * The network's RPC must be the cloud's gateway: the frame sends signed transactions and reads nonces through it,
 * and a host page must not point the wallet at an RPC of its choosing (docs/embedded-wallet.md#networks).
 */
export function checkRpcUrl(rpcUrl: string, cloudUrl: string): string {
  let url: URL
  try {
    url = new URL(rpcUrl)
  } catch {
    throw new ParamsError('rpcUrl must be a URL')
  }
  if (url.origin !== new URL(cloudUrl).origin) throw new ParamsError("rpcUrl must be the cloud's gateway")
  return url.href
}

export function checkChainId(chainId: number): number {
  if (!isSupportedChain(chainId)) throw new ParamsError('Unsupported chain')
  return chainId
}

export function readParams(search: string, cloudUrl: string): FrameParams {
  const query = new URLSearchParams(search)
  const projectId = query.get('projectId') ?? ''
  if (!/^[\w.-]{1,200}$/.test(projectId)) throw new ParamsError('projectId is missing or malformed')
  return {
    projectId,
    chainId: checkChainId(Number(query.get('chainId'))),
    version: (query.get('version') ?? '').slice(0, 64),
    enableLogger: query.get('enableLogger') === 'true',
    rpcUrl: checkRpcUrl(query.get('rpcUrl') ?? '', cloudUrl),
  }
}
