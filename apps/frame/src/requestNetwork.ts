import { FRAME_CHAIN_NAMESPACE, FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import { checkChainId, checkRpcUrl, ParamsError } from './params'
import type { Network } from './rpcHandler'

/**
 * The network one request names (frame protocol v2: connectSocial, getUser, rpcRequest), checked exactly as
 * switchNetwork's: a supported chain and the cloud's gateway as its RPC. Without an rpcUrl the request is on the
 * frame's current network, and must name that one; without a chainId too it is simply the current one. Only the
 * eip155 namespace is served. The frame's current network is left as it is: the request is made on its own.
 */
export function requestNetwork(
  current: Network,
  asked: { chainId?: number; rpcUrl?: string; chainNamespace?: string },
  cloudUrl: string,
): Network {
  if (asked.chainNamespace !== undefined && asked.chainNamespace !== FRAME_CHAIN_NAMESPACE)
    throw new ParamsError(FRAME_ERROR_TEXTS.unsupportedNamespace)
  if (asked.chainId === undefined) return current
  if (asked.rpcUrl !== undefined)
    return { chainId: checkChainId(asked.chainId), rpcUrl: checkRpcUrl(asked.rpcUrl, cloudUrl) }
  if (asked.chainId !== current.chainId) throw new ParamsError(`The wallet is not on chain ${asked.chainId}`)
  return current
}

/**
 * connectSocial's uri and getUser's socialUri (the spec's social completion URL): refused by name, never ignored.
 * The provider's callback posts its completion code to the frame, and the host never holds it
 * (docs/embedded-wallet.md#social-login), so no URL a host could pass can honestly complete a sign-in.
 */
export function refuseSocialUri(uri: string | undefined): void {
  if (uri !== undefined) throw new ParamsError(FRAME_ERROR_TEXTS.socialUriRefused)
}
