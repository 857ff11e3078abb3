import { invalidParams, unrecognizedChain } from '../errors'
import { objectParam, parseChainId } from '../params'
import { changeChain } from '../state'
import type { MethodHandler } from './context'

/** Unknown chains fail before any prompt; switching to the current chain needs no prompt either. */
export const walletSwitchEthereumChain: MethodHandler = async ({ state, request, emit, askUser }) => {
  const chainId = parseChainId(objectParam(request.params).chainId)
  if (!state.chains.has(chainId)) throw unrecognizedChain(chainId)
  if (chainId !== state.chainId) {
    await askUser()
    await changeChain(state, chainId, emit)
  }
  return null
}

/** EIP-3085: one approval adds (or updates) the chain and switches to it, as MetaMask does. */
export const walletAddEthereumChain: MethodHandler = async ({ state, request, emit, askUser }) => {
  const { chainId: rawChainId, chainName, rpcUrls } = objectParam(request.params)
  const chainId = parseChainId(rawChainId)
  const [rpcUrl] = Array.isArray(rpcUrls) ? rpcUrls : []
  if (typeof rpcUrl !== 'string') throw invalidParams('rpcUrls must hold at least one URL.')
  await askUser()
  state.chains.set(chainId, {
    id: chainId,
    rpcUrl,
    name: typeof chainName === 'string' ? chainName : undefined,
  })
  await changeChain(state, chainId, emit)
  return null
}
