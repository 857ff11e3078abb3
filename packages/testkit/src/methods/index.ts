import { unsupportedMethod } from '../errors'
import { ethAccounts, ethRequestAccounts } from './accounts'
import { walletGetAssets } from './asset-discovery'
import { walletGetCapabilities } from './capabilities'
import { ethChainId, netVersion } from './chain-id'
import type { MethodHandler } from './context'
import { forwardRpc } from './forward-rpc'
import { walletGetPermissions, walletRequestPermissions, walletRevokePermissions } from './permissions'
import { personalSign } from './personal-sign'
import { walletGetCallsStatus, walletSendCalls } from './send-calls'
import { ethSendTransaction } from './send-transaction'
import { signTypedDataV4 } from './sign-typed-data'
import { walletAddEthereumChain, walletSwitchEthereumChain } from './switch-chain'

export type { MethodContext, MethodHandler } from './context'

const walletMethods: Record<string, MethodHandler> = {
  eth_accounts: ethAccounts,
  eth_requestAccounts: ethRequestAccounts,
  eth_chainId: ethChainId,
  net_version: netVersion,
  wallet_switchEthereumChain: walletSwitchEthereumChain,
  wallet_addEthereumChain: walletAddEthereumChain,
  wallet_requestPermissions: walletRequestPermissions,
  wallet_getPermissions: walletGetPermissions,
  wallet_revokePermissions: walletRevokePermissions,
  personal_sign: personalSign,
  eth_signTypedData_v4: signTypedDataV4,
  eth_sendTransaction: ethSendTransaction,
  wallet_getCapabilities: walletGetCapabilities,
  wallet_getAssets: walletGetAssets,
  wallet_sendCalls: walletSendCalls,
  wallet_getCallsStatus: walletGetCallsStatus,
}

/** Reads go to the node; key-using or node-controlling methods must never reach it (anvil would obey them). */
const FORWARDED_PREFIXES = ['eth_', 'net_', 'web3_']
const NEVER_FORWARDED = /^eth_(sign|subscribe|unsubscribe|sendUnsignedTransaction)/

export function handlerFor(method: string): MethodHandler {
  const handler = Object.hasOwn(walletMethods, method) ? walletMethods[method] : undefined
  if (handler) return handler
  const forwardable =
    FORWARDED_PREFIXES.some((prefix) => method.startsWith(prefix)) && !NEVER_FORWARDED.test(method)
  if (!forwardable) throw unsupportedMethod(method)
  return forwardRpc
}
